import { feedbackSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { ordersKey } from './search-orders.ts';

export const replyFeedback = (feedbackId: number, reply: string) =>
  request(`/api/feedback/${feedbackId}/reply`, feedbackSchema, { method: 'POST', body: { reply } });

/** Replies to feedback received (within 14 days of it). */
export function useReplyFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ feedbackId, reply }: { feedbackId: number; reply: string }) =>
      replyFeedback(feedbackId, reply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
