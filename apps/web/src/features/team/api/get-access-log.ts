import { personalDataAccessPageSchema } from '@mostrador/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { teamKey } from './get-operators.ts';

export const ACCESS_LOG_PAGE = 20;

/** `GET /api/users/{seller}/personal_data_access_log`: who read whose personal data under the account. */
export const getAccessLog = (sellerId: number, offset: number, signal?: AbortSignal) =>
  request(
    `/api/users/${sellerId}/personal_data_access_log?offset=${offset}&limit=${ACCESS_LOG_PAGE}`,
    personalDataAccessPageSchema,
    { signal },
  );

export const accessLogQueryOptions = (sellerId: number, offset: number) =>
  queryOptions({
    queryKey: [...teamKey, sellerId, 'access-log', offset],
    queryFn: ({ signal }) => getAccessLog(sellerId, offset, signal),
    placeholderData: keepPreviousData,
  });
