import type { NotificationsView } from '@mostrador/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useReducer, useRef, useState } from 'react';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { type LiveEvents, liveEvents, useLiveEvent, useLiveSnapshot } from '../../../../lib/live-events.ts';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { PageHeader } from '../../../../ui/page-header.tsx';
import { notificationFeedQueryOptions } from '../../api/get-notification-feed.ts';
import { simulatorQueryOptions } from '../../api/get-simulator.ts';
import { EMPTY_LIVE_FEED, fromEntry, fromEvent, liveFeed, mergeItems } from '../../model/feed-items.ts';
import { DeactivationBanner } from './deactivation-banner.tsx';
import { EntryDetail } from './entry-detail.tsx';
import { FeedList } from './feed-list.tsx';
import { FeedToolbar } from './feed-toolbar.tsx';

export interface NotificationsWorkspaceProps {
  userId: number;
  applicationId: number;
  /**
   * Whether the signed-in account owns the application (undefined until known). Its feed status and delivery
   * history are the owner's only: no one else is shown the banner or asks for them.
   */
  ownsApplication: boolean | undefined;
  view: NotificationsView;
  onViewChange: (next: Partial<NotificationsView>) => void;
  /** The live event stream; the app's one connection unless another is given. */
  events?: LiveEvents;
}

/**
 * The notifications that reached the dashboard, live: stored pages first, then each new one from the event stream
 * on top (or counted while paused), its payload, the order it points to, the platform's delivery attempts, and in
 * local use a redelivery into the dashboard's own receiver.
 */
export function NotificationsWorkspace({
  userId,
  applicationId,
  ownsApplication,
  view,
  onViewChange,
  events = liveEvents,
}: NotificationsWorkspaceProps) {
  const t = useT();
  const announce = useAnnounce();
  const snapshot = useLiveSnapshot(events);
  const feed = useInfiniteQuery(notificationFeedQueryOptions(userId, view.topic));
  const simulator = useQuery(simulatorQueryOptions());
  const [live, dispatch] = useReducer(liveFeed, EMPTY_LIVE_FEED);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // While the list is read (the pointer over it, or the focus in it) new entries wait, so nothing moves under the eye.
  const reader = useRef({ pointer: false, focus: false, reading: false });
  const reading = (change: { pointer?: boolean; focus?: boolean }) => {
    const next = { ...reader.current, ...change };
    const now = next.pointer || next.focus;
    reader.current = { ...next, reading: now };
    if (now !== next.reading) dispatch({ type: 'reading', reading: now });
  };

  useLiveEvent((event) => {
    const item = fromEvent(event);
    if (item && (!view.topic || item.topic === view.topic)) dispatch({ type: 'arrived', item });
  }, events);

  const stored = useMemo(
    () => feed.data?.pages.flatMap((page) => page.notifications.map(fromEntry)) ?? [],
    [feed.data],
  );
  const items = useMemo(() => mergeItems(live.live, stored), [live.live, stored]);
  const selected = items.find((item) => item.id === selectedId) ?? null;

  function togglePause() {
    if (live.paused) {
      announce(
        live.held.length > 0
          ? translate('liveUpdates.notificationsWorkspace.feedResumedNewShown', {
              heldCount: live.held.length,
            })
          : translate('liveUpdates.notificationsWorkspace.feedResumed'),
      );
      dispatch({ type: 'resume' });
    } else {
      dispatch({ type: 'pause' });
      announce(translate('liveUpdates.notificationsWorkspace.feedPausedNewNotifications'));
    }
  }

  return (
    <>
      <PageHeader
        title={t('liveUpdates.notificationsWorkspace.notifications')}
        description={t('liveUpdates.notificationsWorkspace.theMarketplaceSNotifications')}
      />
      {ownsApplication && <DeactivationBanner applicationId={applicationId} />}
      <FeedToolbar
        topic={view.topic}
        onTopicChange={(topic) => {
          dispatch({ type: 'clear' });
          onViewChange({ topic });
        }}
        paused={live.paused}
        reading={live.reading === true}
        onTogglePause={togglePause}
        status={snapshot.status}
        held={live.held.length}
      />
      <div className="grid min-h-0 items-start lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <section
          aria-labelledby="feed-heading"
          className="min-w-0 border-line lg:border-r"
          onPointerEnter={() => reading({ pointer: true })}
          onPointerLeave={() => reading({ pointer: false })}
          onFocus={() => reading({ focus: true })}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) reading({ focus: false });
          }}
        >
          <h2 id="feed-heading" className="sr-only">
            {t('liveUpdates.notificationsWorkspace.feed')}
          </h2>
          <FeedList feed={feed} items={items} selectedId={selectedId} onSelect={setSelectedId} />
        </section>
        <section aria-labelledby="entry-heading" className="min-w-0 px-6 py-5">
          {selected ? (
            <EntryDetail
              key={selected.id}
              item={selected}
              applicationId={applicationId}
              ownsApplication={ownsApplication}
              canRedeliver={simulator.data?.available === true}
            />
          ) : (
            <>
              <h2 id="entry-heading" className="text-sm font-semibold text-ink">
                {t('liveUpdates.notificationsWorkspace.details')}
              </h2>
              <p className="mt-1 text-sm text-muted">
                {t('liveUpdates.notificationsWorkspace.chooseANotificationTo')}
              </p>
            </>
          )}
        </section>
      </div>
    </>
  );
}
