import { orderNoteListSchema } from '@mostrador/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export const orderNotesKey = (sellerId: number, orderId: number) =>
  ['order-notes', sellerId, orderId] as const;

/** `GET /bff/orders/{id}/notes`: a page of the notes the seller's team keeps on the order, newest first. */
export const getOrderNotes = (orderId: number, before: number | null, signal?: AbortSignal) =>
  request(`/bff/orders/${orderId}/notes${before === null ? '' : `?before=${before}`}`, orderNoteListSchema, {
    signal,
  });

/** The order's notes a page at a time: the newest first, older ones on demand ("Show older notes"). */
export const orderNotesQueryOptions = (sellerId: number, orderId: number) =>
  infiniteQueryOptions({
    queryKey: orderNotesKey(sellerId, orderId),
    queryFn: ({ pageParam, signal }) => getOrderNotes(orderId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
  });
