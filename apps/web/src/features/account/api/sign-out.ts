import { logoutResponseSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { announceSessionChange } from '../../../lib/session-broadcast.ts';
import { forgetSession } from './get-session.ts';

export const signOut = () => request('/bff/logout', logoutResponseSchema, { method: 'POST' });

/**
 * Ends the session on the server; everything cached belonged to it, so the whole cache goes, here and in every other
 * tab of the browser (they share the session's cookie).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      announceSessionChange('signed-out');
      await forgetSession(queryClient);
    },
  });
}
