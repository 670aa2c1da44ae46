import { type OperatorPermission, operatorSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { teamKey } from './get-operators.ts';

export interface UpdateOperatorInput {
  sellerId: number;
  operatorId: number;
  permissions: OperatorPermission[];
}

/** `PUT /api/users/{seller}/operators/{operator}`: the operator's complete new set of permissions. */
export const updateOperator = ({ sellerId, operatorId, permissions }: UpdateOperatorInput) =>
  request(`/api/users/${sellerId}/operators/${operatorId}`, operatorSchema, {
    method: 'PUT',
    body: { permissions },
  });

export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperator,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey }),
  });
}
