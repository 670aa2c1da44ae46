import { BLOCK_SEARCH_TYPE, type BlockList, blockSearchPageSchema } from '@mostrador/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** Every query of this feature starts with this key; writes invalidate it. */
export const blocklistsKey = ['blocklists'] as const;

export const BLOCK_PAGE_SIZE = 20;

export interface BlockSearch {
  sellerId: number;
  list: BlockList;
  offset: number;
  /** Narrows to one buyer (the block search's `user_blocked`). */
  buyerId?: number;
  /** The signed-in user when it works for the seller as a team member (`caller.id` names the token's user). */
  callerId?: number;
  /** Rows a page: `BLOCK_PAGE_SIZE` unless another is asked. */
  limit?: number;
}

/** `GET /api/block-api/search/users/{seller}`: the seller's blocks of one list, newest first, paged. */
export const searchBlockedBuyers = (
  { sellerId, list, offset, buyerId, callerId, limit = BLOCK_PAGE_SIZE }: BlockSearch,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({
    type: BLOCK_SEARCH_TYPE[list],
    'caller.id': String(callerId ?? sellerId),
    offset: String(offset),
    limit: String(limit),
  });
  if (buyerId) query.set('user_blocked', String(buyerId));
  return request(`/api/block-api/search/users/${sellerId}?${query}`, blockSearchPageSchema, { signal });
};

export const blockedBuyersQueryOptions = (search: BlockSearch) =>
  queryOptions({
    queryKey: [...blocklistsKey, 'search', search],
    queryFn: ({ signal }) => searchBlockedBuyers(search, signal),
    placeholderData: keepPreviousData,
  });

/** The size of a list, for the tab counts: one row is enough to read `paging.total`. */
export const blockCountQueryOptions = (sellerId: number, list: BlockList, callerId = sellerId) =>
  queryOptions({
    queryKey: [...blocklistsKey, 'count', sellerId, list],
    queryFn: async ({ signal }) =>
      (await searchBlockedBuyers({ sellerId, list, offset: 0, callerId, limit: 1 }, signal)).paging.total,
  });
