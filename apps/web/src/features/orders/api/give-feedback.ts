import { type FeedbackBody, feedbackSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { ordersKey } from './search-orders.ts';

export const giveFeedback = (orderId: number, body: FeedbackBody) =>
  request(`/api/orders/${orderId}/feedback`, feedbackSchema, { method: 'POST', body });

/** Gives this side's feedback; the order and every list showing it change. */
export function useGiveFeedback(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackBody) => giveFeedback(orderId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
