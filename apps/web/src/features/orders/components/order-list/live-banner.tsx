import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { RetryIcon } from '../../../../ui/icons.tsx';

/**
 * "3 updated · 2 new": shown above the list without moving the focus or the rows; one click refreshes. The text
 * sits in a polite status region so a screen reader mentions it once.
 */
export function LiveBanner({
  updated,
  fresh,
  onRefresh,
}: {
  updated: number;
  fresh: number;
  onRefresh: () => void;
}) {
  const t = useT();
  const parts = [
    updated ? t('orders.liveBanner.updated', { count: updated }) : '',
    fresh ? t('orders.liveBanner.new', { count: fresh }) : '',
  ].filter(Boolean);
  return (
    <div role="status" aria-live="polite" className="min-h-0">
      {parts.length > 0 ? (
        <div
          data-testid="live-banner"
          className="flex items-center justify-between gap-3 rounded-lg border border-accent/30 bg-accent-soft px-3 py-1.5 text-body text-accent-soft-ink"
        >
          <span>
            <span className="font-medium">{parts.join(' · ')}</span>
            <span className="text-accent-soft-ink/80">
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
            className="text-accent-soft-ink"
          >
            {t('orders.liveBanner.refresh')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
