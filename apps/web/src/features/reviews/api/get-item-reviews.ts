import { reviewsPageSchema } from '@mostrador/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export const REVIEWS_PAGE_SIZE = 10;

export interface ItemReviewsSearch {
  itemId: string;
  /** Reads the reviews of this catalog product, which the item must be opted into. */
  catalogProductId?: string;
  offset: number;
}

/** `GET /api/reviews/item/{item_id}`: the rating summary of every review and one page of them, most relevant first. */
export const getItemReviews = (
  { itemId, catalogProductId, offset }: ItemReviewsSearch,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ offset: String(offset), limit: String(REVIEWS_PAGE_SIZE) });
  if (catalogProductId) query.set('catalog_product_id', catalogProductId);
  return request(`/api/reviews/item/${encodeURIComponent(itemId)}?${query}`, reviewsPageSchema, { signal });
};

export const itemReviewsQueryOptions = (search: ItemReviewsSearch) =>
  queryOptions({
    queryKey: ['reviews', 'item', search],
    queryFn: ({ signal }) => getItemReviews(search, signal),
    placeholderData: keepPreviousData,
    // Reviews arrive a few a day; an unknown item will not appear by asking again.
    staleTime: 5 * 60_000,
    retry: false,
    // The route's loader already asked; a 404 is an answer, not something to ask again on mount.
    retryOnMount: false,
  });
