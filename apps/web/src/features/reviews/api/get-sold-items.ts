import { ORDER_SEARCH_MAX_LIMIT, orderSearchEnvelopeSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export interface SoldItem {
  id: string;
  title: string;
}

/**
 * The items of the seller's latest orders (`GET /api/orders/search`, newest first, one page of the largest size),
 * each once, in the order they were last sold: the picker's choices. The marketplace has no "my items" read.
 */
export const getSoldItems = async (sellerId: number, signal?: AbortSignal): Promise<SoldItem[]> => {
  const query = new URLSearchParams({
    seller: String(sellerId),
    sort: 'date_desc',
    limit: String(ORDER_SEARCH_MAX_LIMIT),
  });
  const page = await request(`/api/orders/search?${query}`, orderSearchEnvelopeSchema, { signal });
  const items = new Map<string, SoldItem>();
  for (const order of page.results) {
    for (const line of order.order_items) {
      if (!items.has(line.item.id)) items.set(line.item.id, { id: line.item.id, title: line.item.title });
    }
  }
  return [...items.values()];
};

export const soldItemsQueryOptions = (sellerId: number) =>
  queryOptions({
    queryKey: ['reviews', 'sold-items', sellerId],
    queryFn: ({ signal }) => getSoldItems(sellerId, signal),
    staleTime: 5 * 60_000,
  });
