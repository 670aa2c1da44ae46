import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../../lib/format.ts';
import { notificationTopicName } from '../../../../lib/i18n/code-names.ts';
import { messagesByKey, translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Card } from '../../../../ui/card.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { orderNotificationsQueryOptions } from '../../api/get-order-notifications.ts';

const TOPIC_LABELS: Record<string, string> = messagesByKey({
  orders_v2: 'orders.orderNotificationsCard.orderChanged',
  orders_feedback: 'orders.orderNotificationsCard.feedbackChanged',
});
const STATE_LABELS = messagesByKey({
  pending: 'orders.orderNotificationsCard.waiting',
  done: 'orders.orderNotificationsCard.deliveredToTheApp',
  parked: 'orders.orderNotificationsCard.setAside',
});

/** The marketplace's notifications about this order that reached the dashboard, and what became of each. */
export function OrderNotificationsCard({ orderId, locale }: { orderId: number; locale: string }) {
  const t = useT();
  const notifications = useQuery(orderNotificationsQueryOptions(orderId));
  return (
    <Card title={t('orders.orderNotificationsCard.notificationsReceived')}>
      <QueryState
        query={notifications}
        compact
        loading={<Skeleton className="h-8" />}
        error={{ title: translate('orders.orderNotificationsCard.theNotificationsCouldNot') }}
        isEmpty={(data) => data.notifications.length === 0}
        empty={{ title: translate('orders.orderNotificationsCard.noNotificationAboutThis') }}
      >
        {(data) => (
          <>
            <ul className="divide-y divide-line">
              {data.notifications.map((n) => (
                <li key={n.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                  <span className="font-medium">
                    {TOPIC_LABELS[n.topic] ?? notificationTopicName(n.topic)}
                  </span>
                  <span className="text-muted tabular-nums">
                    {formatDate(n.arrived_at, locale)} · {STATE_LABELS[n.state]}
                    {n.notification_ids.length > 1
                      ? translate('orders.orderNotificationsCard.deliveriesFolded', {
                          notification_idsCount: n.notification_ids.length,
                        })
                      : ''}
                  </span>
                </li>
              ))}
            </ul>
            {data.notifications.some((n) => n.state === 'parked') ? (
              <p className="mt-2 text-xs text-muted" data-testid="set-aside-meaning">
                {t('orders.orderNotificationsCard.setAsideMeans')}
              </p>
            ) : null}
          </>
        )}
      </QueryState>
    </Card>
  );
}
