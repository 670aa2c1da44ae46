import { type BlockList, blockAuditPageSchema } from '@mostrador/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { blocklistsKey } from './search-blocked-buyers.ts';

export const AUDIT_PAGE_SIZE = 10;

/** `GET /bff/block-audit`: who blocked or unblocked whom and when, newest first (kept by the BFF). */
export const getBlockAudit = (list: BlockList, offset: number, signal?: AbortSignal) =>
  request(`/bff/block-audit?list=${list}&offset=${offset}&limit=${AUDIT_PAGE_SIZE}`, blockAuditPageSchema, {
    signal,
  });

export const blockAuditQueryOptions = (list: BlockList, offset: number) =>
  queryOptions({
    queryKey: [...blocklistsKey, 'audit', list, offset],
    queryFn: ({ signal }) => getBlockAudit(list, offset, signal),
    placeholderData: keepPreviousData,
  });
