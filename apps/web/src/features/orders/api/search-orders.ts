import { orderSearchEnvelopeSchema } from '@mostrador/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
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

/**
 * The side of the orders an account opens on: its sales, unless it has none and has purchases (a buyer's account).
 * Both reads are the lists' own first pages, so the list that opens is already in the cache.
 */
export async function openingSide(queryClient: QueryClient, userId: number): Promise<'seller' | 'buyer'> {
  try {
    const sales = await queryClient.ensureQueryData(orderSearchQueryOptions(userId, {}));
    if (sales.paging.total > 0) return 'seller';
    const purchases = await queryClient.ensureQueryData(orderSearchQueryOptions(userId, { side: 'buyer' }));
    return purchases.paging.total > 0 ? 'buyer' : 'seller';
  } catch {
    // The list says what went wrong, with a retry.
    return 'seller';
  }
}
