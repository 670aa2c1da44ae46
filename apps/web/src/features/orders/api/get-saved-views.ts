import { savedViewListSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** The saved views of one account, whoever of its team saved them. */
export const savedViewsKey = (accountId: number) => ['saved-views', accountId] as const;

/** `GET /bff/saved-views`: the order list's saved views of the account the session works on. */
export const getSavedViews = (signal?: AbortSignal) =>
  request('/bff/saved-views', savedViewListSchema, { signal });

export const savedViewsQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: savedViewsKey(accountId),
    queryFn: async ({ signal }) => (await getSavedViews(signal)).views,
  });
