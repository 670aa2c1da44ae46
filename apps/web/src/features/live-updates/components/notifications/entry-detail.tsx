import { Link } from '@tanstack/react-router';
import { formatStamp } from '../../../../lib/format.ts';
import { notificationTopicName, orderStatusName } from '../../../../lib/i18n/code-names.ts';
import { messagesByKey, translate } from '../../../../lib/i18n/i18n.ts';
import { T, useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { useRedeliverNotification } from '../../api/redeliver-notification.ts';
import type { FeedItem } from '../../model/feed-items.ts';
import { DeliveryAttempts } from './delivery-attempts.tsx';
import { FeedStateBadge } from './feed-state-badge.tsx';

const PARK_REASON: Record<string, string> = messagesByKey({
  no_stored_token: 'liveUpdates.entryDetail.nobodyOfThisAccount',
  token_refused: 'liveUpdates.entryDetail.thePlatformRefusedThe',
  not_owned_order: 'liveUpdates.entryDetail.theOrderBelongsTo',
  order_not_found: 'liveUpdates.entryDetail.theOrderDoesNot',
  refused: 'liveUpdates.entryDetail.thePlatformRefusedTo',
  unavailable: 'liveUpdates.entryDetail.thePlatformDidNot',
});

/** One entry: where it stands and when, the order it is about, its payload, its delivery attempts, and a redelivery. */
export function EntryDetail({
  item,
  applicationId,
  ownsApplication,
  canRedeliver,
}: {
  item: FeedItem;
  applicationId: number;
  /** Whether the signed-in account owns the application (undefined until known): only its owner reads attempts. */
  ownsApplication: boolean | undefined;
  canRedeliver: boolean;
}) {
  const t = useT();
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
            {t('liveUpdates.entryDetail.notification', { id: item.id })}
          </h2>
          <p className="mt-0.5 text-sm text-muted">
            <T
              id="liveUpdates.entryDetail.about"
              values={{ id: item.order_id }}
              components={{
                0: (
                  <Link
                    to="/orders/$orderId"
                    params={{ orderId: String(item.order_id) }}
                    className="font-medium text-accent-soft-ink underline-offset-2 hover:underline"
                  >
                    {t('liveUpdates.entryDetail.order', { order_id: item.order_id })}
                  </Link>
                ),
              }}
            />
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
                        ? translate('liveUpdates.entryDetail.notificationRedelivered', { id: item.id })
                        : translate('liveUpdates.entryDetail.thatRedeliveryHadAlready'),
                    ),
                  onError: () => announce(translate('liveUpdates.entryDetail.theNotificationCouldNot')),
                })
              }
            >
              {t('liveUpdates.entryDetail.redeliver')}
            </Button>
            {redeliver.isSuccess ? (
              <span className="text-xs text-muted" data-testid="redeliver-result">
                {t('liveUpdates.entryDetail.sentToTheDashboard')}
              </span>
            ) : redeliver.isError ? (
              <span role="alert" className="text-xs text-danger-soft-ink">
                {t('liveUpdates.entryDetail.couldNotRedeliver')}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>

      <dl className="grid grid-cols-[9rem_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-muted">{t('liveUpdates.entryDetail.state')}</dt>
        <dd>
          <FeedStateBadge state={item.state} />
          {item.state === 'parked' && item.park_reason ? (
            <span className="ml-2 text-muted">{PARK_REASON[item.park_reason] ?? item.park_reason}</span>
          ) : null}
        </dd>
        {item.state === 'parked' ? (
          <dd className="col-start-2 text-xs text-muted" data-testid="set-aside-meaning">
            {t('liveUpdates.entryDetail.setAsideMeans')}
          </dd>
        ) : null}
        <dt className="text-muted">{t('liveUpdates.entryDetail.topic')}</dt>
        <dd className="text-body text-ink">{notificationTopicName(item.topic)}</dd>
        <dt className="text-muted">{t('liveUpdates.entryDetail.changed')}</dt>
        <dd className="tabular-nums text-ink">{formatStamp(item.changed_at)}</dd>
        {item.arrived_at ? (
          <>
            <dt className="text-muted">{t('liveUpdates.entryDetail.received')}</dt>
            <dd className="tabular-nums text-ink">{formatStamp(item.arrived_at)}</dd>
          </>
        ) : null}
        {item.finished_at ? (
          <>
            <dt className="text-muted">
              {item.state === 'parked'
                ? t('liveUpdates.entryDetail.parked')
                : t('liveUpdates.entryDetail.shown')}
            </dt>
            <dd className="tabular-nums text-ink">{formatStamp(item.finished_at)}</dd>
          </>
        ) : null}
        {item.order ? (
          <>
            <dt className="text-muted">{t('liveUpdates.entryDetail.orderNow')}</dt>
            <dd className="text-ink">
              {orderStatusName(item.order.status)}
              {item.order.buyer?.nickname ? (
                <span className="text-muted"> · {item.order.buyer.nickname}</span>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>

      <div>
        <h3 className="text-xs font-medium tracking-wide text-muted uppercase">
          {t('liveUpdates.entryDetail.payload')}
        </h3>
        <pre
          data-testid="entry-payload"
          className="mt-1.5 overflow-x-auto rounded-md border border-line bg-surface-sunken p-3 font-mono text-xs leading-relaxed text-ink"
        >
          {JSON.stringify(payload, null, 2)}
        </pre>
      </div>

      <DeliveryAttempts item={item} applicationId={applicationId} ownsApplication={ownsApplication} />
    </div>
  );
}
