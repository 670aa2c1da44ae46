import type { FeedMessage } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiClientError } from '../../../../lib/api-client.ts';
import { formatClock } from '../../../../lib/format.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../../ui/badge.tsx';
import { DataTable, type DataTableColumn } from '../../../../ui/data-table.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { deliveryAttemptsQueryOptions } from '../../api/get-my-feeds.ts';
import { type FeedItem, isRedeliveryId } from '../../model/feed-items.ts';

interface AttemptRow {
  message: FeedMessage;
  attempt: FeedMessage['attempts_detail'][number];
}

const COLUMNS: DataTableColumn<AttemptRow>[] = [
  {
    id: 'attempt',
    get header() {
      return translate('liveUpdates.deliveryAttempts.attempt');
    },
    cell: ({ attempt }) => <span className="tabular-nums">{attempt.attempt}</span>,
  },
  {
    id: 'sent',
    get header() {
      return translate('liveUpdates.deliveryAttempts.sent');
    },
    cell: ({ attempt }) => <span className="tabular-nums text-muted">{formatClock(attempt.sent)}</span>,
  },
  {
    id: 'status',
    get header() {
      return translate('liveUpdates.deliveryAttempts.status');
    },
    cell: ({ attempt }) => {
      const code = attempt.response.http_code;
      return (
        <Badge tone={code !== null && code >= 200 && code < 300 ? 'success' : 'danger'}>
          {code ??
            attempt.response.error?.replaceAll('_', ' ') ??
            translate('liveUpdates.deliveryAttempts.noAnswer')}
        </Badge>
      );
    },
  },
  {
    id: 'latency',
    get header() {
      return translate('liveUpdates.deliveryAttempts.latency');
    },
    align: 'end',
    cell: ({ attempt }) => `${attempt.response.req_time} ms`,
  },
  {
    id: 'id',
    get header() {
      return translate('liveUpdates.deliveryAttempts.notificationId');
    },
    className: 'max-w-48 truncate font-mono text-xs text-muted',
    cell: ({ message }) => <span title={message._id}>{message._id}</span>,
  },
];

/** How the marketplace delivered the entry's notifications: each attempt's time, answer and latency. */
export function DeliveryAttempts({
  item,
  applicationId,
  ownsApplication,
}: {
  item: FeedItem;
  applicationId: number;
  /** Only the application's owner reads its delivery history: anyone else is told so without asking (a 403). */
  ownsApplication: boolean | undefined;
}) {
  const t = useT();
  const platformIds = item.notification_ids.filter((id) => !isRedeliveryId(id));
  const attempts = useQuery({
    ...deliveryAttemptsQueryOptions(applicationId, platformIds, item.changed_at),
    enabled: platformIds.length > 0 && ownsApplication === true,
  });
  const forbidden = attempts.error instanceof ApiClientError && attempts.error.status === 403;
  return (
    <section aria-labelledby="attempts-heading" className="text-sm">
      <h3 id="attempts-heading" className="mb-1.5 text-xs font-medium tracking-wide text-muted uppercase">
        {t('liveUpdates.deliveryAttempts.deliveryAttempts')}
      </h3>
      {platformIds.length === 0 ? (
        <p className="text-muted">{t('liveUpdates.deliveryAttempts.redeliveredFromTheDashboard')}</p>
      ) : ownsApplication === false ? (
        <p data-testid="attempts-owner-only" className="text-muted">
          {t('liveUpdates.deliveryAttempts.theDeliveryHistoryIs')}
        </p>
      ) : (
        <QueryState
          query={attempts}
          compact
          loading={<Skeleton className="h-20 w-full" />}
          error={{
            title: forbidden
              ? translate('liveUpdates.deliveryAttempts.theDeliveryHistoryIs')
              : translate('liveUpdates.deliveryAttempts.theDeliveryHistoryCould'),
            description: forbidden ? '' : undefined,
          }}
        >
          {(data) => (
            <>
              <DataTable
                caption={t('liveUpdates.deliveryAttempts.deliveryAttempts')}
                captionHidden
                columns={COLUMNS}
                rows={data.messages.flatMap((message) =>
                  message.attempts_detail.map((attempt) => ({ message, attempt })),
                )}
                getRowKey={({ message, attempt }) => `${message._id}-${attempt.attempt}`}
                getRowProps={() => ({ 'data-testid': 'attempt-row' })}
                empty={
                  <p className="px-3 py-3 text-muted">{t('liveUpdates.deliveryAttempts.noAttemptYet')}</p>
                }
              />
              {data.missing.length > 0 ? (
                <p className="mt-1.5 text-xs text-muted">
                  {data.missing.length === 1
                    ? t('liveUpdates.deliveryAttempts.oneIdIsNo')
                    : translate('liveUpdates.deliveryAttempts.idsAreNoLonger', {
                        missingCount: data.missing.length,
                      })}
                </p>
              ) : null}
            </>
          )}
        </QueryState>
      )}
    </section>
  );
}
