import { createFileRoute, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { WorkOnButtons } from '../../features/account/components/work-on-buttons.tsx';
import { can } from '../../features/account/model/working-account.ts';
import { BlockBuyerDialog } from '../../features/blocklists/components/block-buyer/block-buyer-dialog.tsx';
import { orderSearchQueryOptions } from '../../features/orders/api/search-orders.ts';
import { OrderList } from '../../features/orders/components/order-list/order-list.tsx';
import {
  orderChangeFromEvent,
  type SubscribeOrderChanges,
} from '../../features/orders/hooks/use-order-changes.ts';
import { addressDiffers, reversedDateFields } from '../../features/orders/model/order-search.ts';
import { localeForSite } from '../../lib/format.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { liveEvents } from '../../lib/live-events.ts';

export const Route = createFileRoute('/_authed/orders/')({
  // The loader stays with the route, in the first scripts (the build splits every other route's loader out): the
  // search goes out as soon as the router runs, not after its chunk and the chunks it imports have loaded
  // (decision 0246).
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  staticData: {
    signIn: {
      get what() {
        return translate('shell.ordersIndex.yourOrders');
      },
    },
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, account }, deps }) => {
    // Started, not awaited: a filter change shows at once (the previous rows dimmed) and the table follows its
    // data; a failed search is the page's to show, with the API's message and a retry.
    if (account && reversedDateFields(deps).length === 0)
      void queryClient.prefetchQuery(orderSearchQueryOptions(account.user_id, deps));
  },
  component: OrdersPage,
});

/** Order changes from the live event stream (`GET /bff/events`), which the shell connects for the account. */
const subscribeOrderChanges: SubscribeOrderChanges = (listener) =>
  liveEvents.subscribe((event) => listener(orderChangeFromEvent(event)));

function OrdersPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The seller account the dashboard works on: the user's own, or one it operates (decision 0103).
  const { session, account } = Route.useRouteContext();
  // What the address says but the list does not show (`offset=-5`, an unknown parameter) leaves the address.
  // The address the page on screen was drawn for: mid-navigation `location` is already the next one.
  const address = useRouterState({
    select: (state) => (state.status === 'idle' ? state.resolvedLocation?.search : undefined),
  });
  const rewrite = address !== undefined && addressDiffers(address as Record<string, unknown>, search);
  useEffect(() => {
    if (rewrite) void navigate({ search, replace: true });
  }, [rewrite, search, navigate]);
  const router = useRouter();
  useEffect(() => {
    // An order is what is opened next from the list: its page's code loads while the list is read, not on the click.
    if (typeof requestIdleCallback !== 'function') return;
    const idle = requestIdleCallback(
      () => void router.loadRouteChunk(router.routesById['/_authed/orders/$orderId']),
    );
    return () => cancelIdleCallback(idle);
  }, [router]);
  // Signed out, the layout shows the sign-in gate instead of this page.
  if (!account) return null;
  // A team member on its own account: the accounts it works on are one click away (decision 0103).
  const operated = account.permissions === null ? (session.operated_accounts ?? []) : [];
  return (
    <OrderList
      key={account.user_id}
      userId={account.user_id}
      locale={localeForSite(account.site_id ?? '')}
      search={search}
      subscribeChanges={subscribeOrderChanges}
      navigate={(next, options) => void navigate({ search: next, replace: options?.replace })}
      onOpenInTurn={(ids) =>
        void navigate({
          to: '/orders/$orderId',
          params: { orderId: String(ids[0]) },
          search: { ...search, selection: ids.join(',') },
        })
      }
      blockBuyers={
        can(account, 'blocklists.manage')
          ? ({ buyers, open, onClose, onBlocked }) => (
              <BlockBuyerDialog
                open={open}
                onClose={onClose}
                seller={{ id: account.user_id, siteId: account.site_id }}
                defaultList="order"
                buyers={buyers}
                onBlocked={onBlocked}
              />
            )
          : undefined
      }
      emptyHint={
        operated.length > 0
          ? {
              description: translate('shell.ordersIndex.teamHint', {
                accounts: operated.map((a) => a.nickname).join(', '),
                count: operated.length,
              }),
              action: <WorkOnButtons accounts={operated} />,
            }
          : undefined
      }
    />
  );
}
