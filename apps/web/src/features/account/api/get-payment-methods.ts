import { acceptedPaymentMethodsSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { accountKey } from './get-me.ts';

/** `GET /api/users/{id}/accepted_payment_methods`: the methods buyers of this account's site can pay with. */
export const getPaymentMethods = (userId: number, signal?: AbortSignal) =>
  request(`/api/users/${userId}/accepted_payment_methods`, acceptedPaymentMethodsSchema, { signal });

export const paymentMethodsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...accountKey, userId, 'payment-methods'],
    queryFn: ({ signal }) => getPaymentMethods(userId, signal),
    staleTime: 60 * 60_000,
  });
