import { translate } from '../lib/i18n/i18n.ts';
import { useT } from '../lib/i18n/use-t.tsx';
import { Button } from './button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from './workspace-icons.tsx';

export interface PaginationProps {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  /** What is being paged, for the summary ("buyers", "reviews"). */
  noun?: string;
}

/** "1–10 of 42" with previous and next; the owner keeps the offset in the URL. */
export function Pagination({
  offset,
  limit,
  total,
  onChange,
  noun = translate('ui.pagination.results'),
}: PaginationProps) {
  const t = useT();
  if (total === 0) return null;
  const first = offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav
      aria-label={translate('ui.pagination.pagesOf', { noun })}
      className="flex items-center justify-between gap-3 pt-3 text-body"
    >
      <p className="text-muted tabular">{t('ui.pagination.of', { first, last, total, noun })}</p>
      <div className="flex gap-1">
        <Button
          size="sm"
          variant="ghost"
          icon={<ChevronLeftIcon />}
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - limit))}
        >
          {t('ui.pagination.previous')}
        </Button>
        <Button size="sm" variant="ghost" disabled={last >= total} onClick={() => onChange(offset + limit)}>
          {t('ui.pagination.next')}
          <ChevronRightIcon />
        </Button>
      </div>
    </nav>
  );
}
