import { operatorListSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { teamKey } from './get-operators.ts';

/** `DELETE /api/users/{seller}/operators/{operator}`: the operator's next request is refused. */
export const removeOperator = ({ sellerId, operatorId }: { sellerId: number; operatorId: number }) =>
  request(`/api/users/${sellerId}/operators/${operatorId}`, operatorListSchema, { method: 'DELETE' });

export function useRemoveOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOperator,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}
