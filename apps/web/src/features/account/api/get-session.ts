import { sessionSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export const sessionKey = ['session'] as const;

export const getSession = (signal?: AbortSignal) => request('/bff/session', sessionSchema, { signal });

/** Who is signed in; every account change invalidates this key. */
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionKey, queryFn: ({ signal }) => getSession(signal), staleTime: 60_000 });
