import { type BlockList, blockNoteListSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { blocklistsKey } from './search-blocked-buyers.ts';

/** `GET /bff/block-notes`: the reasons and notes the seller keeps about these buyers (stored by the BFF). */
export const getBlockNotes = (list: BlockList, buyerIds: readonly number[], signal?: AbortSignal) =>
  request(`/bff/block-notes?list=${list}&buyer_ids=${buyerIds.join(',')}`, blockNoteListSchema, { signal });

/**
 * Keyed by the seller whose notes they are: a team member who moves between its own account and a seller's must
 * not be shown one account's notes (or their absence) under the other.
 */
export const blockNotesQueryOptions = (sellerId: number, list: BlockList, buyerIds: readonly number[]) =>
  queryOptions({
    queryKey: [...blocklistsKey, 'notes', sellerId, list, buyerIds],
    queryFn: ({ signal }) => getBlockNotes(list, buyerIds, signal),
    enabled: buyerIds.length > 0,
    select: (data) => new Map(data.notes.map((note) => [note.buyer_id, note])),
  });
