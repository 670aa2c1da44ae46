import { sessionSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { sessionKey } from './get-session.ts';

export const activateAccount = (userId: number) =>
  request(`/bff/accounts/${userId}/activate`, sessionSchema, { method: 'POST' });

/** Switches the account `/api` calls act as; data of the previous account must not linger on screen. */
export function useActivateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateAccount,
    onSuccess: async (session) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      queryClient.setQueryData(sessionKey, session);
    },
  });
}
