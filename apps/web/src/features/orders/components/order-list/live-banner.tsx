import { cx } from '../../../../lib/class-names.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { RetryIcon } from '../../../../ui/icons.tsx';

/**
 * "3 updated · 2 new": shown in the list bar's reserved line, so neither the focus nor the rows move; one click
 * refreshes. The text sits in a polite status region so a screen reader mentions it once.
 */
export function LiveBanner({
  updated,
  fresh,
  onRefresh,
  brief = false,
  className,
}: {
  updated: number;
  fresh: number;
  onRefresh: () => void;
  /** Counts alone, without "since this list loaded": the line is shared (a selection is shown beside it). */
  brief?: boolean;
  className?: string;
}) {
  const t = useT();
  const parts = [
    updated ? t('orders.liveBanner.updated', { count: updated }) : '',
    fresh ? t('orders.liveBanner.new', { count: fresh }) : '',
  ].filter(Boolean);
  return (
    <div role="status" aria-live="polite" className={cx('min-w-0', className)}>
      {parts.length > 0 ? (
        <div
          data-testid="live-banner"
          className="flex h-8 min-w-0 items-center gap-2 rounded-md border border-accent/30 bg-accent-soft pr-0.5 pl-3 text-body text-accent-soft-ink"
        >
          <span className="min-w-0 truncate">
            <span className="font-medium">{parts.join(' · ')}</span>
            <span className={cx('text-accent-soft-ink/80', brief ? 'sr-only' : 'max-sm:sr-only')}>
              {' '}
              {parts.length === 1 && !fresh && updated === 1
                ? t('orders.liveBanner.orderChanged')
                : t('orders.liveBanner.sinceThisListLoaded')}
            </span>
          </span>
          <Button
            size="sm"
            variant="ghost"
            icon={<RetryIcon />}
            onClick={onRefresh}
            className="shrink-0 text-accent-soft-ink! hover:bg-accent/10"
          >
            {t('orders.liveBanner.refresh')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
