import { type OperatorAddRequest, operatorSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { teamKey } from './get-operators.ts';

/** `POST /api/users/{seller}/operators`: adds a user, by id or nickname, with its permissions. */
export const addOperator = ({ sellerId, body }: { sellerId: number; body: OperatorAddRequest }) =>
  request(`/api/users/${sellerId}/operators`, operatorSchema, { method: 'POST', body });

export function useAddOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOperator,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}
