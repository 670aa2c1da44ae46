import {
  type BlockList,
  type BlockNoteWrite,
  blocklistEntrySchema,
  blockNoteSchema,
} from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { blocklistsKey } from './search-blocked-buyers.ts';

export interface BlockInput {
  sellerId: number;
  buyerId: number;
  list: BlockList;
  /** Kept by the BFF beside the block; left as it was when absent (an undo re-adds the block alone). */
  note?: BlockNoteWrite;
}

/**
 * Blocks a buyer on the marketplace (which alone decides what a block means), then saves the reason and note with
 * the BFF. The BFF records the block in its audit trail as it passes through.
 */
export async function blockBuyer({ sellerId, buyerId, list, note }: BlockInput) {
  const entry = await request(`/api/users/${sellerId}/${list}_blacklist`, blocklistEntrySchema, {
    method: 'POST',
    body: { user_id: buyerId },
  });
  if (note) {
    await request(`/bff/block-notes/${list}/${buyerId}`, blockNoteSchema, { method: 'PUT', body: note });
  }
  return entry;
}

export function useBlockBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockBuyer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blocklistsKey }),
  });
}
