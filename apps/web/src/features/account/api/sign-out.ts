import { logoutResponseSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { sessionKey } from './get-session.ts';

export const signOut = () => request('/bff/logout', logoutResponseSchema, { method: 'POST' });

/** Ends the session on the server; everything cached belonged to it, so the whole cache goes. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}
