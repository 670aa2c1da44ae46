import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Select } from '../../../../ui/select.tsx';
import { DEFAULT_LIMIT, PAGE_SIZES } from '../../model/order-search.ts';
import { isReachableOffset } from '../../model/search-edits.ts';

/** Under the list: which orders are shown of how many, the page size, and the previous and next pages. */
export function OrderPager({
  offset,
  limit,
  shown,
  total,
  onOffsetChange,
  onLimitChange,
}: {
  offset: number;
  limit: number;
  /** Rows on screen; undefined until the first answer. */
  shown: number | undefined;
  total: number;
  onOffsetChange: (offset: number) => void;
  /** Undefined: the default page size. */
  onLimitChange: (limit: string | undefined) => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-body">
      <p className="text-muted tabular" data-testid="result-count">
        {shown !== undefined && total > 0
          ? translate('orders.orderPager.ofOrders', { first: offset + 1, last: offset + shown, total })
          : shown !== undefined
            ? t('orders.orderPager.0Orders')
            : ' '}
      </p>
      <nav aria-label={t('orders.orderPager.pagesOfOrders')} className="flex items-center gap-2">
        <span className="flex items-center gap-2 text-muted">
          <label htmlFor="orders-page-size">{t('orders.orderPager.rowsPerPage')}</label>
          <Select
            id="orders-page-size"
            className="w-20"
            value={String(limit)}
            options={PAGE_SIZES.map((size) => ({ value: size, label: size }))}
            onChange={(event) =>
              onLimitChange(event.target.value === DEFAULT_LIMIT ? undefined : event.target.value)
            }
          />
        </span>
        <Button
          size="sm"
          variant="ghost"
          disabled={offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - limit))}
          aria-keyshortcuts="["
        >
          {t('orders.orderPager.previous')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!isReachableOffset(offset + limit, total)}
          onClick={() => onOffsetChange(offset + limit)}
          aria-keyshortcuts="]"
        >
          {t('orders.orderPager.next')}
        </Button>
      </nav>
    </div>
  );
}
