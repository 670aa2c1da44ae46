import { orderNoteListSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export const orderNotesKey = (sellerId: number, orderId: number) =>
  ['order-notes', sellerId, orderId] as const;

/** `GET /bff/orders/{id}/notes`: the notes the seller's team keeps on the order, oldest first. */
export const orderNotesQueryOptions = (sellerId: number, orderId: number) =>
  queryOptions({
    queryKey: orderNotesKey(sellerId, orderId),
    queryFn: ({ signal }) => request(`/bff/orders/${orderId}/notes`, orderNoteListSchema, { signal }),
  });
