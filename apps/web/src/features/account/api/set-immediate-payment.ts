import { immediatePaymentResponseSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { accountKey } from './get-me.ts';

export interface ImmediatePaymentInput {
  userId: number;
  on: boolean;
}

/**
 * Sell equals pay: `PUT /api/users/{id}/immediate_payment {"reason":"by_user"}` turns the user's own marker on,
 * `DELETE …/immediate_payment/by_user` takes it off (markers the platform set stay).
 */
export const setImmediatePayment = ({ userId, on }: ImmediatePaymentInput) =>
  on
    ? request(`/api/users/${userId}/immediate_payment`, immediatePaymentResponseSchema, {
        method: 'PUT',
        body: { reason: 'by_user' },
      })
    : request(`/api/users/${userId}/immediate_payment/by_user`, immediatePaymentResponseSchema, {
        method: 'DELETE',
      });

export function useSetImmediatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setImmediatePayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}
