import { operatorListSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export const teamKey = ['team'] as const;

/** `GET /api/users/{seller}/operators`: the seller's team. */
export const getOperators = (sellerId: number, signal?: AbortSignal) =>
  request(`/api/users/${sellerId}/operators`, operatorListSchema, { signal });

export const operatorsQueryOptions = (sellerId: number) =>
  queryOptions({
    queryKey: [...teamKey, sellerId, 'operators'],
    queryFn: ({ signal }) => getOperators(sellerId, signal),
  });
