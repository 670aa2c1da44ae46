import { simulatorStatusSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export const simulatorKey = ['simulator'] as const;

export const getSimulator = (signal?: AbortSignal) =>
  request('/bff/simulator', simulatorStatusSchema, { signal });

/** Whether the change simulator is there (local use) and running. */
export const simulatorQueryOptions = () =>
  queryOptions({ queryKey: simulatorKey, queryFn: ({ signal }) => getSimulator(signal), staleTime: 30_000 });
