import { orderSearchEnvelopeSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { type OrderListSearch, toApiQuery } from '../model/order-search.ts';

/** Every order query starts with this key: writes and live events invalidate by it. */
export const ordersKey = ['orders'] as const;

export const searchOrders = (params: URLSearchParams, signal?: AbortSignal) =>
  request(`/api/orders/search?${params}`, orderSearchEnvelopeSchema, { signal });

export const orderSearchQueryOptions = (userId: number, search: OrderListSearch) => {
  const params = toApiQuery(search, userId);
  return queryOptions({
    queryKey: [...ordersKey, 'search', userId, params.toString()],
    queryFn: ({ signal }) => searchOrders(params, signal),
  });
};
