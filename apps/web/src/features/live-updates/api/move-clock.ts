import { type ClockMoveRequest, clockStatusSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { clockKey } from './get-clock.ts';

export const moveClock = (move: ClockMoveRequest) =>
  request('/bff/clock', clockStatusSchema, { method: 'POST', body: move });

/** Moves the marketplace's clock; everything on the page may have changed with it (tokens, purged orders). */
export function useMoveClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveClock,
    onSuccess: async (status) => {
      queryClient.setQueryData(clockKey, status);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== clockKey[0] });
    },
  });
}
