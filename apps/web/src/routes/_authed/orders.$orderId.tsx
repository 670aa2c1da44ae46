import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { can } from '../../features/account/model/working-account.ts';
import { BlockBuyerPanel } from '../../features/blocklists/components/block-buyer/block-buyer-panel.tsx';
import { orderQueryOptions } from '../../features/orders/api/get-order.ts';
import { OrderDetailSkeleton } from '../../features/orders/components/order-detail/order-detail-skeleton.tsx';
import { OrderWorkspace } from '../../features/orders/components/order-detail/order-workspace.tsx';
import { translate } from '../../lib/i18n/i18n.ts';
import { useT } from '../../lib/i18n/use-t.tsx';

export const Route = createFileRoute('/_authed/orders/$orderId')({
  staticData: {
    get title() {
      return translate('shell.ordersOrderId.order');
    },
    titleFor: ({ orderId }) => translate('orders.orderHeading.order', { id: orderId }),
    signIn: {
      get what() {
        return translate('shell.ordersOrderId.thisOrder');
      },
    },
  },
  params: {
    parse: ({ orderId }) => {
      if (!/^[1-9]\d{0,18}$/.test(orderId)) throw notFound();
      return { orderId };
    },
    stringify: ({ orderId }) => ({ orderId }),
  },
  loader: async ({ context: { queryClient, account }, params }) => {
    if (!account) return;
    // A failed read is the page's to show, with the API's message and a retry.
    await queryClient.ensureQueryData(orderQueryOptions(Number(params.orderId))).catch(() => undefined);
  },
  pendingComponent: OrderDetailSkeleton,
  component: OrderPage,
});

function OrderPage() {
  const t = useT();
  const { orderId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const account = Route.useRouteContext({ select: (context) => context.account });
  const user = Route.useRouteContext({ select: (context) => context.session?.user ?? null });
  // Signed out, the layout shows the sign-in gate instead of this page.
  if (!account) return null;
  const seller = { id: account.user_id, siteId: account.site_id };
  const { selection: _selection, ...listSearch } = search;
  return (
    <OrderWorkspace
      key={orderId}
      orderId={Number(orderId)}
      seller={seller}
      search={search}
      // Actions a team member may not take are not offered (the platform refuses them anyway).
      offers={{
        reply: can(account, 'feedback.reply'),
        give: account.permissions === null,
        // The marketplace lets the seller alone cancel a sale or report its own deliveries.
        cancel: account.permissions === null,
        recordDelivery: account.permissions === null,
      }}
      notes={
        user
          ? { sellerId: account.user_id, author: { user_id: user.user_id, nickname: user.nickname } }
          : undefined
      }
      // Stepping through the list replaces this page's history entry: Back goes to the list, not to each order seen.
      open={(nextId, nextSearch) =>
        void navigate({
          to: '/orders/$orderId',
          params: { orderId: String(nextId) },
          search: nextSearch,
          replace: true,
        })
      }
      backToList={
        <Link
          to="/orders"
          // The list itself: a selection opened in turn stays with the order pages.
          search={listSearch}
          className="self-start text-xs text-muted hover:text-ink hover:underline"
        >
          {t('shell.ordersOrderId.orders')}
        </Link>
      }
      blockBuyer={
        can(account, 'blocklists.manage')
          ? (buyer) => <BlockBuyerPanel seller={seller} buyer={buyer} />
          : undefined
      }
    />
  );
}
