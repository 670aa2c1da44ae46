import { notificationRedeliverySchema } from '@mostrador/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** `POST /bff/notifications/{id}/redeliver` (local use): the stored notification into the BFF's receiver again. */
export const redeliverNotification = (queueId: number) =>
  request(`/bff/notifications/${queueId}/redeliver`, notificationRedeliverySchema, { method: 'POST' });

/** Nothing to invalidate: the redelivered entry arrives through the event stream like any other. */
export function useRedeliverNotification() {
  return useMutation({ mutationFn: redeliverNotification });
}
