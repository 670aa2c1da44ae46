import { partialUserPrivateSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** Every query of the account page starts with this key; its writes invalidate it. */
export const accountKey = ['account'] as const;

/** `GET /api/users/me`: the private view of the active account (reputation, status, contact). */
export const getMe = (signal?: AbortSignal) => request('/api/users/me', partialUserPrivateSchema, { signal });

export const meQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...accountKey, userId, 'me'], queryFn: ({ signal }) => getMe(signal) });
