import { useT } from '../lib/i18n/use-t.tsx';
import { Button } from './button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from './workspace-icons.tsx';

export type PagedThing = 'results' | 'reads' | 'reviews' | 'events' | 'blockedBuyers';

export interface PaginationProps {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  /** What is being paged, for the summary ("1–10 of 42 reviews") and the navigation's name. */
  noun?: PagedThing;
}

/** "1–10 of 42" with previous and next; the owner keeps the offset in the URL. */
export function Pagination({ offset, limit, total, onChange, noun = 'results' }: PaginationProps) {
  const t = useT();
  if (total === 0) return null;
  const first = offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav
      aria-label={t(`ui.pagination.pagesOf.${noun}`)}
      className="flex items-center justify-between gap-3 pt-3 text-body"
    >
      <p className="text-muted tabular">{t(`ui.pagination.range.${noun}`, { first, last, total })}</p>
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
