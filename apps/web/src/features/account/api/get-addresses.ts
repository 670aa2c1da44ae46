import { userAddressesSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { accountKey } from './get-me.ts';

/** `GET /api/users/{id}/addresses`: own account only. */
export const getAddresses = (userId: number, signal?: AbortSignal) =>
  request(`/api/users/${userId}/addresses`, userAddressesSchema, { signal });

export const addressesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...accountKey, userId, 'addresses'],
    queryFn: ({ signal }) => getAddresses(userId, signal),
    staleTime: 5 * 60_000,
  });
