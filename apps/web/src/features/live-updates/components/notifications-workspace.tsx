import type { FeedMessage, NotificationsView } from '@mostrador/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ApiClientError } from '../../../lib/api-client.ts';
import { cx } from '../../../lib/class-names.ts';
import { useLiveEvent, useLiveSnapshot } from '../../../lib/live-events.ts';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { AlertIcon, BellIcon } from '../../../ui/icons.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { deliveryAttemptsQueryOptions, feedStatusQueryOptions } from '../api/get-my-feeds.ts';
import { notificationFeedQueryOptions } from '../api/get-notification-feed.ts';
import { simulatorQueryOptions } from '../api/get-simulator.ts';
import { useReactivateNotifications } from '../api/reactivate-notifications.ts';
import { useRedeliverNotification } from '../api/redeliver-notification.ts';
import {
  type FeedItem,
  fromEntry,
  fromEvent,
  isRedeliveryId,
  mergeItems,
  prepend,
} from '../model/feed-items.ts';

export interface NotificationsWorkspaceProps {
  userId: number;
  applicationId: number;
  view: NotificationsView;
  onViewChange: (next: Partial<NotificationsView>) => void;
}

const TOPICS = [
  { value: '', label: 'All topics' },
  { value: 'orders_v2', label: 'Orders (orders_v2)' },
  { value: 'orders_feedback', label: 'Feedback (orders_feedback)' },
];

const STATE_TONE: Record<FeedItem['state'], BadgeTone> = {
  pending: 'info',
  done: 'success',
  parked: 'warning',
};
const STATE_LABEL: Record<FeedItem['state'], string> = {
  pending: 'Pending',
  done: 'Delivered',
  parked: 'Parked',
};

const PARK_REASON: Record<string, string> = {
  no_stored_token: 'nobody of this account was signed in',
  token_refused: 'the platform refused the stored token',
  not_owned_order: 'the order belongs to another account',
  order_not_found: 'the order does not exist',
  refused: 'the platform refused to read the order',
  unavailable: 'the platform did not answer after eight tries',
};

const clock = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const stamp = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
  hourCycle: 'h23',
});
const timeOf = (iso: string) => clock.format(new Date(iso));
const dateTimeOf = (iso: string) => stamp.format(new Date(iso));

/**
 * The notifications that reached the dashboard, live: stored pages first, then each new one from the event stream
 * on top (or counted while paused), its payload, the order it points to, the platform's delivery attempts, and in
 * local use a redelivery into the dashboard's own receiver.
 */
export function NotificationsWorkspace({
  userId,
  applicationId,
  view,
  onViewChange,
}: NotificationsWorkspaceProps) {
  const announce = useAnnounce();
  const snapshot = useLiveSnapshot();
  const feed = useInfiniteQuery(notificationFeedQueryOptions(userId, view.topic));
  const simulator = useQuery(simulatorQueryOptions());
  const [live, setLive] = useState<FeedItem[]>([]);
  const [held, setHeld] = useState<FeedItem[]>([]);
  const [paused, setPaused] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  useLiveEvent((event) => {
    const item = fromEvent(event);
    if (!item || (view.topic && item.topic !== view.topic)) return;
    if (paused) setHeld((previous) => [...previous, item]);
    else setLive((previous) => prepend(previous, [item]));
  });

  const stored = useMemo(
    () => feed.data?.pages.flatMap((page) => page.notifications.map(fromEntry)) ?? [],
    [feed.data],
  );
  const items = useMemo(() => mergeItems(live, stored), [live, stored]);
  const selected = items.find((item) => item.id === selectedId) ?? null;

  function togglePause() {
    if (paused) {
      setLive((previous) => prepend(previous, held));
      announce(held.length > 0 ? `Feed resumed, ${held.length} new shown` : 'Feed resumed');
      setHeld([]);
      setPaused(false);
    } else {
      setPaused(true);
      announce('Feed paused; new notifications are counted');
    }
  }

  return (
    <>
      <PageHeader
        title="Notifications"
        description="The marketplace’s notifications about your orders as they reach the dashboard, and how each one was delivered."
      />
      <DeactivationBanner applicationId={applicationId} />
      <div className="flex flex-wrap items-end gap-3 border-b border-line px-6 py-3">
        <SelectField
          label="Topic"
          className="w-60"
          options={TOPICS}
          value={view.topic ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            setLive([]);
            setHeld([]);
            onViewChange({ topic: value === 'orders_v2' || value === 'orders_feedback' ? value : undefined });
          }}
        />
        <Button aria-pressed={paused} onClick={togglePause} data-testid="feed-pause">
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <p className="flex h-8 items-center gap-2 text-body text-muted" data-testid="feed-status">
          <span
            aria-hidden="true"
            className={cx(
              'size-2 rounded-full',
              paused
                ? 'bg-warning-soft-ink'
                : snapshot.status === 'live'
                  ? 'bg-success-soft-ink'
                  : 'bg-faint',
            )}
          />
          {paused ? 'Paused' : snapshot.status === 'live' ? 'Live' : 'Connecting'}
          {held.length > 0 ? (
            <Badge tone="accent" className="tabular-nums">
              <span data-testid="feed-new-count">{held.length}</span>&nbsp;new
            </Badge>
          ) : null}
        </p>
      </div>

      <div className="grid min-h-0 items-start lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <section aria-labelledby="feed-heading" className="min-w-0 border-line lg:border-r">
          <h2 id="feed-heading" className="sr-only">
            Feed
          </h2>
          {feed.isPending ? (
            <div className="flex flex-col gap-2 p-4">
              {Array.from({ length: 6 }, (_, n) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={n} className="h-12 w-full" />
              ))}
            </div>
          ) : feed.isError ? (
            <ErrorState
              code={feed.error instanceof ApiClientError ? feed.error.error : undefined}
              onRetry={() => feed.refetch()}
              retrying={feed.isRefetching}
            />
          ) : items.length === 0 ? (
            <EmptyState
              icon={<BellIcon />}
              title="No notifications yet"
              description="When an order changes on the marketplace, its notification appears here at once. In local use, start the simulator from the live indicator in the header."
            />
          ) : (
            <>
              <ul aria-label="Notifications" data-testid="feed-list" className="divide-y divide-line">
                {items.map((item) => (
                  <li key={item.id}>
                    <FeedRow
                      item={item}
                      selected={item.id === selectedId}
                      onSelect={() => setSelectedId(item.id)}
                    />
                  </li>
                ))}
              </ul>
              {feed.hasNextPage ? (
                <div className="border-t border-line p-3">
                  <Button
                    size="sm"
                    className="w-full"
                    pending={feed.isFetchingNextPage}
                    onClick={() => feed.fetchNextPage()}
                  >
                    Load older
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </section>
        <section aria-labelledby="entry-heading" className="min-w-0 px-6 py-5">
          {selected ? (
            <EntryDetail
              key={selected.id}
              item={selected}
              applicationId={applicationId}
              canRedeliver={simulator.data?.available === true}
            />
          ) : (
            <>
              <h2 id="entry-heading" className="text-sm font-semibold text-ink">
                Details
              </h2>
              <p className="mt-1 text-sm text-muted">
                Choose a notification to see its payload, the order it is about, and how the marketplace
                delivered it.
              </p>
            </>
          )}
        </section>
      </div>
    </>
  );
}

function FeedRow({ item, selected, onSelect }: { item: FeedItem; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      data-testid="feed-entry"
      data-entry-id={item.id}
      onClick={onSelect}
      className={cx(
        'grid w-full grid-cols-[auto_minmax(0,1fr)_auto] items-baseline gap-x-3 gap-y-0.5 px-4 py-2.5 text-left text-sm transition-colors',
        selected ? 'bg-accent-soft/50 dark:bg-accent-soft/30' : 'hover:bg-subtle',
      )}
    >
      <span className="font-mono text-xs whitespace-nowrap tabular-nums text-muted">
        {timeOf(item.changed_at)}
      </span>
      <span className="truncate text-ink">
        Order <span className="tabular-nums">{item.order_id}</span>
      </span>
      <Badge tone={STATE_TONE[item.state]} dot className="self-center">
        {STATE_LABEL[item.state]}
      </Badge>
      <span />
      <span className="col-span-2 flex items-center gap-1.5 truncate text-xs text-muted">
        <span className="font-mono">{item.topic}</span>
        {item.order ? <span>· {item.order.status.replaceAll('_', ' ')}</span> : null}
        {item.notification_ids.length > 1 ? <span>· {item.notification_ids.length} folded</span> : null}
        {item.redelivery ? <span className="text-accent-soft-ink">· redelivered</span> : null}
      </span>
    </button>
  );
}

function EntryDetail({
  item,
  applicationId,
  canRedeliver,
}: {
  item: FeedItem;
  applicationId: number;
  canRedeliver: boolean;
}) {
  const announce = useAnnounce();
  const redeliver = useRedeliverNotification();
  const payload = {
    resource: item.resource,
    topic: item.topic,
    notification_ids: item.notification_ids,
    changed_at: item.changed_at,
  };
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="entry-heading" className="text-sm font-semibold text-ink">
            Notification {item.id}
          </h2>
          <p className="mt-0.5 text-sm text-muted">
            About{' '}
            <Link
              to="/orders/$orderId"
              params={{ orderId: String(item.order_id) }}
              className="font-medium text-accent-soft-ink underline-offset-2 hover:underline"
            >
              order {item.order_id}
            </Link>
          </p>
        </div>
        {canRedeliver ? (
          <div className="flex flex-col items-end gap-1">
            <Button
              size="sm"
              pending={redeliver.isPending}
              onClick={() =>
                redeliver.mutate(item.id, {
                  onSuccess: (answer) =>
                    announce(
                      answer.status === 'queued'
                        ? `Notification ${item.id} redelivered`
                        : 'That redelivery had already arrived',
                    ),
                  onError: () => announce('The notification could not be redelivered'),
                })
              }
            >
              Redeliver
            </Button>
            {redeliver.isSuccess ? (
              <span className="text-xs text-muted" data-testid="redeliver-result">
                Sent to the dashboard’s receiver again
              </span>
            ) : redeliver.isError ? (
              <span role="alert" className="text-xs text-danger-soft-ink">
                Could not redeliver
              </span>
            ) : null}
          </div>
        ) : null}
      </div>

      <dl className="grid grid-cols-[9rem_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-muted">State</dt>
        <dd>
          <Badge tone={STATE_TONE[item.state]} dot>
            {STATE_LABEL[item.state]}
          </Badge>
          {item.state === 'parked' && item.park_reason ? (
            <span className="ml-2 text-muted">{PARK_REASON[item.park_reason] ?? item.park_reason}</span>
          ) : null}
        </dd>
        <dt className="text-muted">Topic</dt>
        <dd className="font-mono text-body text-ink">{item.topic}</dd>
        <dt className="text-muted">Changed</dt>
        <dd className="tabular-nums text-ink">{dateTimeOf(item.changed_at)}</dd>
        {item.arrived_at ? (
          <>
            <dt className="text-muted">Received</dt>
            <dd className="tabular-nums text-ink">{dateTimeOf(item.arrived_at)}</dd>
          </>
        ) : null}
        {item.finished_at ? (
          <>
            <dt className="text-muted">{item.state === 'parked' ? 'Parked' : 'Shown'}</dt>
            <dd className="tabular-nums text-ink">{dateTimeOf(item.finished_at)}</dd>
          </>
        ) : null}
        {item.order ? (
          <>
            <dt className="text-muted">Order now</dt>
            <dd className="text-ink">
              {item.order.status.replaceAll('_', ' ')}
              {item.order.buyer?.nickname ? (
                <span className="text-muted"> · {item.order.buyer.nickname}</span>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>

      <div>
        <h3 className="text-xs font-medium tracking-wide text-muted uppercase">Payload</h3>
        <pre
          data-testid="entry-payload"
          className="mt-1.5 overflow-x-auto rounded-md border border-line bg-surface-sunken p-3 font-mono text-xs leading-relaxed text-ink"
        >
          {JSON.stringify(payload, null, 2)}
        </pre>
      </div>

      <DeliveryAttempts item={item} applicationId={applicationId} />
    </div>
  );
}

function DeliveryAttempts({ item, applicationId }: { item: FeedItem; applicationId: number }) {
  const platformIds = item.notification_ids.filter((id) => !isRedeliveryId(id));
  const attempts = useQuery({
    ...deliveryAttemptsQueryOptions(applicationId, platformIds, item.changed_at),
    enabled: platformIds.length > 0,
  });
  const rows: { message: FeedMessage; attempt: FeedMessage['attempts_detail'][number] }[] =
    attempts.data?.messages.flatMap((message) =>
      message.attempts_detail.map((attempt) => ({ message, attempt })),
    ) ?? [];
  return (
    <section aria-labelledby="attempts-heading">
      <h3 id="attempts-heading" className="text-xs font-medium tracking-wide text-muted uppercase">
        Delivery attempts
      </h3>
      {platformIds.length === 0 ? (
        <p className="mt-1.5 text-sm text-muted">
          Redelivered from the dashboard: the marketplace did not send this one, so it has no delivery
          attempts.
        </p>
      ) : attempts.isPending ? (
        <Skeleton className="mt-1.5 h-20 w-full" />
      ) : attempts.isError ? (
        <p className="mt-1.5 text-sm text-muted" role="alert">
          {attempts.error instanceof ApiClientError && attempts.error.status === 403
            ? 'The delivery history is shown to the application’s owner only.'
            : 'The delivery history could not be loaded.'}
        </p>
      ) : (
        <>
          <div className="mt-1.5 overflow-x-auto rounded-md border border-line">
            <table className="w-full text-left text-sm" aria-labelledby="attempts-heading">
              <thead className="bg-surface-sunken text-xs text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Attempt
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Sent
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Latency
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Notification id
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {rows.map(({ message, attempt }) => {
                  const code = attempt.response.http_code;
                  return (
                    <tr key={`${message._id}-${attempt.attempt}`} data-testid="attempt-row">
                      <td className="px-3 py-2 tabular-nums">{attempt.attempt}</td>
                      <td className="px-3 py-2 tabular-nums text-muted">{timeOf(attempt.sent)}</td>
                      <td className="px-3 py-2">
                        <Badge tone={code !== null && code >= 200 && code < 300 ? 'success' : 'danger'}>
                          {code ?? attempt.response.error?.replaceAll('_', ' ') ?? 'no answer'}
                        </Badge>
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">{attempt.response.req_time} ms</td>
                      <td
                        className="max-w-48 truncate px-3 py-2 font-mono text-xs text-muted"
                        title={message._id}
                      >
                        {message._id}
                      </td>
                    </tr>
                  );
                })}
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="px-3 py-3 text-muted">
                      No attempt yet.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
          {attempts.data.missing.length > 0 ? (
            <p className="mt-1.5 text-xs text-muted">
              {attempts.data.missing.length === 1
                ? 'One id is no longer in the marketplace’s recent history.'
                : `${attempts.data.missing.length} ids are no longer in the marketplace’s recent history.`}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Shown when the marketplace turned the application's notifications off after repeated failures. */
function DeactivationBanner({ applicationId }: { applicationId: number }) {
  const status = useQuery(feedStatusQueryOptions(applicationId));
  const reactivate = useReactivateNotifications();
  const announce = useAnnounce();
  if (status.data?.active !== false) return null;
  return (
    <div
      role="alert"
      data-testid="deactivated-banner"
      className="flex flex-wrap items-center gap-3 border-b border-warning-soft-ink/20 bg-warning-soft px-6 py-3 text-sm text-warning-soft-ink"
    >
      <AlertIcon aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">Notifications are off.</span> The marketplace stopped sending them after
        repeated failed deliveries; the ones it kept meanwhile are sent once they are back on.
      </p>
      <Button
        size="sm"
        variant="primary"
        pending={reactivate.isPending}
        onClick={() =>
          reactivate.mutate(applicationId, {
            onSuccess: (answer) =>
              announce(`Notifications reactivated; ${answer.pending} waiting to be delivered`),
          })
        }
      >
        Reactivate
      </Button>
    </div>
  );
}
