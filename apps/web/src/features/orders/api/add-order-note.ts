import { type OrderNote, orderNoteSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { orderNotesKey } from './get-order-notes.ts';

/** `POST /bff/orders/{id}/notes`. */
export const addOrderNote = (orderId: number, text: string) =>
  request(`/bff/orders/${orderId}/notes`, orderNoteSchema, { method: 'POST', body: { text } });

/**
 * Adds a note, shown at once at the end of the timeline (marked as being saved) and replaced by the BFF's record;
 * taken out again if the BFF refuses.
 */
export function useAddOrderNote(
  account: { sellerId: number; author: { user_id: number; nickname: string } },
  orderId: number,
) {
  const queryClient = useQueryClient();
  const key = orderNotesKey(account.sellerId, orderId);
  return useMutation({
    mutationFn: (text: string) => addOrderNote(orderId, text),
    onMutate: async (text) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<{ notes: OrderNote[] }>(key);
      const pending: OrderNote = {
        id: Number.MAX_SAFE_INTEGER,
        order_id: orderId,
        seller_id: account.sellerId,
        text,
        author: account.author,
        created_at: new Date().toISOString(),
      };
      queryClient.setQueryData(key, { notes: [...(before?.notes ?? []), pending] });
      return { before };
    },
    onError: (_error, _text, context) => {
      queryClient.setQueryData(key, context?.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
