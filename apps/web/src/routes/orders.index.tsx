import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/account/api/get-session.ts';
import { useSetActingAccount } from '../features/account/api/set-acting-account.ts';
import { workingAccount } from '../features/account/model/working-account.ts';
import { orderSearchQueryOptions } from '../features/orders/api/search-orders.ts';
import { OrderList } from '../features/orders/components/order-list.tsx';
import {
  orderChangeFromEvent,
  type SubscribeOrderChanges,
} from '../features/orders/hooks/use-order-changes.ts';
import { localeForSite } from '../lib/format.ts';
import { liveEvents } from '../lib/live-events.ts';
import { Button } from '../ui/button.tsx';
import { SignInGate } from './-shell/sign-in-gate.tsx';

export const Route = createFileRoute('/orders/')({
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    // Started, not awaited: a filter change shows at once (the previous rows dimmed) and the table follows its
    // data; a failed search is the page's to show, with the API's message and a retry.
    const account = workingAccount(session);
    if (account) void queryClient.prefetchQuery(orderSearchQueryOptions(account.user_id, deps));
  },
  component: OrdersPage,
});

/** Order changes from the live event stream (`GET /bff/events`), which the shell connects for the account. */
const subscribeOrderChanges: SubscribeOrderChanges = (listener) =>
  liveEvents.subscribe((event) => listener(orderChangeFromEvent(event)));

function WorkOnButtons({ accounts }: { accounts: readonly { user_id: number; nickname: string }[] }) {
  const setActing = useSetActingAccount();
  return (
    <div className="flex flex-wrap justify-center gap-2">
      {accounts.map((account) => (
        <Button
          key={account.user_id}
          variant="primary"
          disabled={setActing.isPending}
          onClick={() => setActing.mutate(account.user_id)}
        >
          Work on {account.nickname}
        </Button>
      ))}
    </div>
  );
}

function OrdersPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const session = useQuery(sessionQueryOptions());
  // The seller account the dashboard works on: the user's own, or one it operates (decision 0103).
  const user = workingAccount(session.data);
  if (!user) return <SignInGate title="Orders" what="your orders" />;
  // A team member on its own account: the accounts it works on are one click away (decision 0103).
  const operated = user.permissions === null ? (session.data?.operated_accounts ?? []) : [];
  return (
    <OrderList
      key={user.user_id}
      userId={user.user_id}
      locale={localeForSite(user.site_id ?? '')}
      search={search}
      subscribeChanges={subscribeOrderChanges}
      navigate={(next, options) => void navigate({ search: next, replace: options?.replace })}
      emptyHint={
        operated.length > 0
          ? {
              description: `You are on the team of ${operated.map((a) => a.nickname).join(', ')}. Work on ${operated.length > 1 ? 'one of those accounts' : 'that account'} to see and handle its orders.`,
              action: <WorkOnButtons accounts={operated} />,
            }
          : undefined
      }
    />
  );
}
