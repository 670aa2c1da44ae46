import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadWorkingAccount } from '../features/account/api/get-session.ts';
import { openingSide } from '../features/orders/api/search-orders.ts';

/** The dashboard's first page: the orders, on the side where the account has some (a buyer opens on its purchases). */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context: { queryClient } }) => {
    const { account } = await loadWorkingAccount(queryClient);
    // The orders' client is in the first scripts already: the orders list's loader starts its search (decision 0246).
    const side = account ? await openingSide(queryClient, account.user_id) : 'seller';
    throw redirect({ to: '/orders', search: side === 'buyer' ? { side } : {}, replace: true });
  },
});
