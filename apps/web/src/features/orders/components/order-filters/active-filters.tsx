import type { DeliveryCase, OrderStatus } from '@mostrador/contracts';
import { formatDate } from '../../../../lib/format.ts';
import {
  feedbackRatingName,
  feedbackStatusName,
  mediationStageName,
  mediationStatusName,
} from '../../../../lib/i18n/code-names.ts';
import { messagesByKey, translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { CloseIcon } from '../../../../ui/icons.tsx';
import { DELIVERY_CASE_LABELS } from '../../model/delivery-outcome.ts';
import { activeFilterKeys, listOf, type OrderListSearch } from '../../model/order-search.ts';
import type { SearchPatch } from '../../model/search-edits.ts';
import { STATUS_LABELS, tagLabel } from '../order-status/order-labels.ts';

const KEY_LABELS: Record<string, string> = messagesByKey({
  q: 'orders.activeFilters.search',
  item: 'orders.activeFilters.item',
  tags: 'orders.activeFilters.withTags',
  'tags.not': 'orders.activeFilters.withoutTags',
  'order.status': 'orders.activeFilters.status',
  'order.date_created.from': 'orders.activeFilters.createdFrom',
  'order.date_created.to': 'orders.activeFilters.createdTo',
  'order.date_closed.from': 'orders.activeFilters.confirmedFrom',
  'order.date_closed.to': 'orders.activeFilters.confirmedTo',
  'order.date_last_updated.from': 'orders.activeFilters.updatedFrom',
  'order.date_last_updated.to': 'orders.activeFilters.updatedTo',
  'mediations.stage': 'orders.activeFilters.mediationStage',
  'mediations.status': 'orders.activeFilters.mediationStatus',
  'feedback.status': 'orders.activeFilters.feedbackStatus',
  'feedback.sale.rating': 'orders.activeFilters.yourRating',
  'feedback.purchase.rating': 'orders.activeFilters.buyerRating',
  'feedback.sale.fulfilled': 'orders.activeFilters.sellerSaysFulfilled',
  'feedback.purchase.fulfilled': 'orders.activeFilters.buyerSaysFulfilled',
  'delivery.case': 'orders.activeFilters.ifCancelledOrCharged',
});

/** Filters whose values are codes: each chip names them in the active language. */
const CODE_NAMES: Record<string, (code: string) => string> = {
  'feedback.status': feedbackStatusName,
  'feedback.sale.rating': feedbackRatingName,
  'feedback.purchase.rating': feedbackRatingName,
  'mediations.stage': mediationStageName,
  'mediations.status': mediationStatusName,
};

function chipValue(key: string, value: string, locale: string): string {
  if (key.startsWith('order.date_')) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : formatDate(value, locale, { style: 'date' });
  }
  if (key === 'order.status')
    return listOf(value)
      .map((s) => STATUS_LABELS[s as OrderStatus] ?? s)
      .join(', ');
  if (key === 'tags' || key === 'tags.not') return listOf(value).map(tagLabel).join(', ');
  if (key === 'delivery.case')
    return listOf(value)
      .map((c) => DELIVERY_CASE_LABELS[c as DeliveryCase] ?? c)
      .join(', ');
  const names = CODE_NAMES[key];
  if (names) return listOf(value).map(names).join(', ');
  if (key.endsWith('.fulfilled'))
    return value === 'true' ? translate('orders.activeFilters.yes') : translate('orders.activeFilters.no');
  return value.replaceAll(',', ', ');
}

/** The filters in effect as removable chips, and a way to clear them all. */
export function ActiveFilters({
  search,
  onChange,
  locale,
}: {
  search: OrderListSearch;
  onChange: (patch: SearchPatch) => void;
  locale: string;
}) {
  const t = useT();
  const keys = activeFilterKeys(search);
  if (keys.length === 0) return null;
  return (
    <ul
      aria-label={t('orders.activeFilters.filtersInEffect')}
      className="flex flex-wrap items-center gap-1.5"
    >
      {keys.map((key) => (
        <li key={key}>
          <span className="inline-flex h-6 items-center gap-1 rounded-full border border-line bg-surface pr-0.5 pl-2.5 text-xs text-ink">
            <span className="text-muted">{KEY_LABELS[key] ?? key}:</span>
            <span className="max-w-48 truncate font-medium">
              {chipValue(key, String(search[key as keyof OrderListSearch]), locale)}
            </span>
            <button
              type="button"
              aria-label={translate('orders.activeFilters.removeFilter', { value: KEY_LABELS[key] ?? key })}
              onClick={() => onChange({ [key]: undefined })}
              className="grid size-5 place-items-center rounded-full text-faint hover:bg-subtle hover:text-ink"
            >
              <CloseIcon className="size-3" />
            </button>
          </span>
        </li>
      ))}
      <li>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onChange(Object.fromEntries(keys.map((key) => [key, undefined])))}
        >
          {t('orders.activeFilters.clearAll')}
        </Button>
      </li>
    </ul>
  );
}
