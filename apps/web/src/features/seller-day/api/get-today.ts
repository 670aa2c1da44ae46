import { todaySchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** Every query of the seller's day starts with this key: a live change of an order invalidates them all. */
export const sellerDayKey = ['seller-day'] as const;

/** `GET /bff/today`: the queues of the account the session works on. */
export const getToday = (signal?: AbortSignal) => request('/bff/today', todaySchema, { signal });

export const todayQueryOptions = (sellerId: number) =>
  queryOptions({
    queryKey: [...sellerDayKey, 'today', sellerId],
    queryFn: ({ signal }) => getToday(signal),
    // The day changes while the seller is away from it: coming back reads it again.
    staleTime: 2_000,
    // While the first fill of the seller's orders runs, the counts grow without a notification to say so.
    refetchInterval: (query) => (query.state.data?.projection.state === 'filling' ? 2_000 : false),
  });
