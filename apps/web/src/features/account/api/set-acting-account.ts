import { sessionSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { request } from '../../../lib/api-client.ts';
import { announceSessionChange } from '../../../lib/session-broadcast.ts';
import { switchAccountData } from './get-session.ts';

/** Works on a seller account the user operates, or (null) on its own. */
export const setActingAccount = (sellerId: number | null) =>
  request('/bff/session/account', sessionSchema, { method: 'POST', body: { seller_id: sellerId } });

/** Another account's data must not linger on screen: every query but the session's is dropped. */
export function useSetActingAccount() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: setActingAccount,
    onSuccess: async (session) => {
      await switchAccountData(queryClient, session, () => router.invalidate());
      // Other tabs of the browser share the session: they follow it to the account it works on now.
      announceSessionChange('account-changed');
    },
  });
}
