import { partialUserPublicSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** `GET /api/users/{id}`: a buyer's public view, for the nickname beside the id. */
export const getBuyer = (userId: number, signal?: AbortSignal) =>
  request(`/api/users/${userId}`, partialUserPublicSchema, { signal });

export const buyerQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId, 'public'],
    queryFn: ({ signal }) => getBuyer(userId, signal),
    // A nickname rarely changes; there is no need to ask again within a visit.
    staleTime: 10 * 60_000,
    retry: false,
  });
