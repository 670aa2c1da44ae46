import { blocklistEntrySchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export type BlockScope = 'orders' | 'questions' | 'both';

const LISTS = {
  orders: ['order_blacklist'],
  questions: ['questions_blacklist'],
  both: ['order_blacklist', 'questions_blacklist'],
} as const;

/** Blocks a buyer from buying on the seller's items, asking questions, or both (one request per list). */
export async function blockBuyer(sellerId: number, buyerId: number, scope: BlockScope) {
  for (const list of LISTS[scope]) {
    await request(`/api/users/${sellerId}/${list}`, blocklistEntrySchema, {
      method: 'POST',
      body: { user_id: buyerId },
    });
  }
}

/** Blocks a buyer; every cached blocklist is refreshed (their keys start with `blocklists`). */
export function useBlockBuyer(sellerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ buyerId, scope }: { buyerId: number; scope: BlockScope }) =>
      blockBuyer(sellerId, buyerId, scope),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('block') }),
  });
}
