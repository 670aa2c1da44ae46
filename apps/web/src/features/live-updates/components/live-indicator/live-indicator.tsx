import { useEffect, useId, useRef, useState } from 'react';
import { cx } from '../../../../lib/class-names.ts';
import { formatClock } from '../../../../lib/format.ts';
import { orderStatusName } from '../../../../lib/i18n/code-names.ts';
import { messagesByKey, translate } from '../../../../lib/i18n/i18n.ts';
import { T, useT } from '../../../../lib/i18n/use-t.tsx';
import { type LiveStatus, liveEvents, useLiveSnapshot } from '../../../../lib/live-events.ts';
import { cardClasses } from '../../../../ui/card.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { useDismiss } from '../../../../ui/use-dismiss.ts';
import { ClockControl } from './clock-control.tsx';
import { SimulatorControl } from './simulator-control.tsx';

const LABEL: Record<LiveStatus, string> = messagesByKey({
  off: 'liveUpdates.liveIndicator.offline',
  connecting: 'liveUpdates.liveIndicator.connecting',
  live: 'liveUpdates.liveIndicator.live',
  reconnecting: 'liveUpdates.liveIndicator.reconnecting',
});

const DOT: Record<LiveStatus, string> = {
  off: 'bg-faint',
  connecting: 'bg-warning-soft-ink',
  live: 'bg-success-soft-ink',
  reconnecting: 'bg-warning-soft-ink',
};

/** Tells screen-reader users when live updates start and stop, never about each event. */
function useStatusAnnouncement(status: LiveStatus) {
  const announce = useAnnounce();
  const previous = useRef<LiveStatus>(status);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (status === before) return;
    if (status === 'live' && before !== 'off')
      announce(translate('liveUpdates.liveIndicator.liveUpdatesConnected'));
    if (status === 'reconnecting' && before === 'live')
      announce(translate('liveUpdates.liveIndicator.liveUpdatesInterruptedReconnecting'));
  }, [status, announce]);
}

/**
 * The header's live-updates indicator for the signed-in account: connection state and the events received, and in
 * local use the change simulator's control.
 */
export function LiveIndicator({ userId }: { userId: number }) {
  const t = useT();
  const snapshot = useLiveSnapshot();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  useStatusAnnouncement(snapshot.status);

  useEffect(() => {
    liveEvents.connect(userId);
  }, [userId]);
  useEffect(() => () => liveEvents.disconnect(), []);

  useDismiss(open, root, () => setOpen(false));

  const { status, received, last } = snapshot;
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        data-testid="live-indicator"
        data-status={status}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={translate('liveUpdates.liveIndicator.summary', {
          status: LABEL[status],
          count: received,
        })}
        onClick={() => setOpen((value) => !value)}
        className="flex h-8 items-center gap-1.5 rounded-md px-2 text-body text-muted transition-colors hover:bg-subtle hover:text-ink"
      >
        <span aria-hidden="true" className="relative flex size-2">
          {status === 'live' ? (
            <span
              key={received}
              className={cx(
                'absolute inline-flex size-full rounded-full opacity-60',
                DOT[status],
                received > 0 && 'motion-safe:animate-ping [animation-iteration-count:1]',
              )}
            />
          ) : null}
          <span className={cx('relative inline-flex size-2 rounded-full', DOT[status])} />
        </span>
        <span className="hidden sm:inline">{LABEL[status]}</span>
        {received > 0 ? (
          <span
            data-testid="live-count"
            className="rounded-full bg-subtle px-1.5 text-xs tabular-nums text-ink"
          >
            {received}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          // On phones the indicator is not at the right edge: the panel spans the screen instead of leaving it.
          className={cardClasses(
            'raised',
            'absolute top-9 right-0 z-40 w-72 p-3 text-sm shadow-lg max-sm:fixed max-sm:inset-x-3 max-sm:top-14 max-sm:w-auto',
          )}
        >
          <p className="font-medium text-ink">{t('liveUpdates.liveIndicator.liveUpdates')}</p>
          <p className="mt-0.5 text-xs text-muted">
            {status === 'live'
              ? t('liveUpdates.liveIndicator.connectedOrderChangesAppear')
              : status === 'off'
                ? t('liveUpdates.liveIndicator.notConnected')
                : t('liveUpdates.liveIndicator.connectingToTheMarketplace')}
          </p>
          <div className="mt-3 rounded-md border border-line bg-surface-sunken px-2.5 py-2 text-xs">
            {last ? (
              <p data-testid="live-last">
                <span className="text-muted">{t('liveUpdates.liveIndicator.lastChange')} </span>
                <span className="tabular-nums text-ink">{formatClock(last.published_at)}</span>
                <span className="text-muted">
                  {' '}
                  <T
                    id="liveUpdates.liveIndicator.orderIs"
                    values={{ id: last.order.id, status: orderStatusName(last.order.status) }}
                    components={{
                      0: <span className="tabular-nums text-ink" />,
                      1: <span className="text-ink" />,
                    }}
                  />
                </span>
              </p>
            ) : (
              <p className="text-muted">{t('liveUpdates.liveIndicator.noChangesYetIn')}</p>
            )}
          </div>
          <SimulatorControl />
          <ClockControl />
        </div>
      ) : null}
    </div>
  );
}
