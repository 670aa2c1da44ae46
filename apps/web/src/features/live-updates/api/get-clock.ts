import { clockStatusSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export const clockKey = ['clock'] as const;

export const getClock = (signal?: AbortSignal) => request('/bff/clock', clockStatusSchema, { signal });

/** The marketplace's time, for the application's owner in local use (its test clock). */
export const clockQueryOptions = () =>
  queryOptions({ queryKey: clockKey, queryFn: ({ signal }) => getClock(signal), staleTime: 30_000 });
