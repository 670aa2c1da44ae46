import { sessionSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { request } from '../../../lib/api-client.ts';
import { announceSessionChange } from '../../../lib/session-broadcast.ts';
import { switchAccountData } from './get-session.ts';

export const activateAccount = (userId: number) =>
  request(`/bff/accounts/${userId}/activate`, sessionSchema, { method: 'POST' });

/** Switches the account `/api` calls act as; data of the previous account must not linger on screen. */
export function useActivateAccount() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: activateAccount,
    onSuccess: async (session) => {
      await switchAccountData(queryClient, session, () => router.invalidate());
      // Other tabs of the browser share the session: they follow it to the account it works on now.
      announceSessionChange('account-changed');
    },
  });
}
