import { type OrderNote, type OrderNoteList, orderNoteSchema } from '@mostrador/contracts';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { orderNotesKey } from './get-order-notes.ts';

/** `POST /bff/orders/{id}/notes`. */
export const addOrderNote = (orderId: number, text: string) =>
  request(`/bff/orders/${orderId}/notes`, orderNoteSchema, { method: 'POST', body: { text } });

type NotePages = InfiniteData<OrderNoteList, number | null>;

/**
 * Adds a note, shown at once at the top of the notes (marked as being saved) and replaced by the BFF's record;
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
      const before = queryClient.getQueryData<NotePages>(key);
      const pending: OrderNote = {
        id: Number.MAX_SAFE_INTEGER,
        order_id: orderId,
        seller_id: account.sellerId,
        text,
        author: account.author,
        created_at: new Date().toISOString(),
      };
      const [first, ...older] = before?.pages ?? [];
      queryClient.setQueryData<NotePages>(key, {
        pages: [
          { notes: [pending, ...(first?.notes ?? [])], next_before: first?.next_before ?? null },
          ...older,
        ],
        pageParams: before?.pageParams ?? [null],
      });
      return { before };
    },
    onError: (_error, _text, context) => {
      queryClient.setQueryData(key, context?.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
