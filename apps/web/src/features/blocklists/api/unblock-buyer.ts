import { type BlockList, blocklistEntrySchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { blocklistsKey } from './search-blocked-buyers.ts';

export interface UnblockInput {
  sellerId: number;
  buyerId: number;
  list: BlockList;
}

/** `DELETE /api/users/{seller}/{list}_blacklist/{buyer}`; the note stays with the BFF so an undo restores it. */
export const unblockBuyer = ({ sellerId, buyerId, list }: UnblockInput) =>
  request(`/api/users/${sellerId}/${list}_blacklist/${buyerId}`, blocklistEntrySchema, { method: 'DELETE' });

export function useUnblockBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockBuyer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blocklistsKey }),
  });
}
