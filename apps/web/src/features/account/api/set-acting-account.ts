import { sessionSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { sessionKey } from './get-session.ts';

/** Works on a seller account the user operates, or (null) on its own. */
export const setActingAccount = (sellerId: number | null) =>
  request('/bff/session/account', sessionSchema, { method: 'POST', body: { seller_id: sellerId } });

/** Another account's data must not linger on screen: every query but the session's is dropped. */
export function useSetActingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setActingAccount,
    onSuccess: async (session) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      queryClient.setQueryData(sessionKey, session);
    },
  });
}
