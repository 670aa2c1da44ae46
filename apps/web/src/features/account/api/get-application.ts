import { applicationSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { accountKey } from './get-me.ts';

/** `GET /api/applications/{id}`: an application the account granted access to. */
export const getApplication = (applicationId: number, signal?: AbortSignal) =>
  request(`/api/applications/${applicationId}`, applicationSchema, { signal });

export const applicationQueryOptions = (userId: number, applicationId: number) =>
  queryOptions({
    queryKey: [...accountKey, userId, 'application', applicationId],
    queryFn: ({ signal }) => getApplication(applicationId, signal),
    staleTime: 60 * 60_000,
  });
