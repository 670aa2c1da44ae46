import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadWorkingAccount } from '../features/account/api/get-session.ts';

/** The dashboard's first page: the orders, on the side where the account has some (a buyer opens on its purchases). */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context: { queryClient } }) => {
    const { account } = await loadWorkingAccount(queryClient);
    // The orders' client (the search and the schemas of its answer) comes with the list this leads to, not with the
    // first scripts of every page.
    const { openingSide } = await import('../features/orders/api/search-orders.ts');
    const side = account ? await openingSide(queryClient, account.user_id) : 'seller';
    throw redirect({ to: '/orders', search: side === 'buyer' ? { side } : {}, replace: true });
  },
});
