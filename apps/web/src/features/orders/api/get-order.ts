import { partialOrderSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { requestWithHeaders } from '../../../lib/api-client.ts';
import { ordersKey } from './search-orders.ts';

/**
 * `GET /orders/{id}` with `x-format-new: true` (the format the total with shipping is defined on). A 206 names the
 * members it could not fill in `X-Content-Missing`; they arrive empty and the page says so.
 */
export async function getOrder(orderId: number, signal?: AbortSignal) {
  const res = await requestWithHeaders(`/api/orders/${orderId}`, partialOrderSchema, {
    signal,
    headers: { 'x-format-new': 'true' },
  });
  const missing = (res.headers.get('x-content-missing') ?? '')
    .split(',')
    .map((member) => member.trim())
    .filter(Boolean);
  return { order: res.data, missing };
}

export const orderQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'detail', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
