import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/account/api/get-session.ts';
import { workingAccount } from '../features/account/model/working-account.ts';
import { BlockBuyerPanel } from '../features/blocklists/components/block-buyer-panel.tsx';
import { orderQueryOptions } from '../features/orders/api/get-order.ts';
import { orderSearchQueryOptions } from '../features/orders/api/search-orders.ts';
import { OrderDetail } from '../features/orders/components/order-detail.tsx';
import { OrderDetailSkeleton } from '../features/orders/components/order-detail-skeleton.tsx';
import { useNeighbours } from '../features/orders/hooks/use-neighbours.ts';
import { ApiClientError } from '../lib/api-client.ts';
import { localeForSite } from '../lib/format.ts';
import { ErrorState } from '../ui/error-state.tsx';
import { SignInGate } from './-shell/sign-in-gate.tsx';

export const Route = createFileRoute('/orders/$orderId')({
  staticData: { title: 'Order' },
  params: {
    parse: ({ orderId }) => {
      if (!/^[1-9]\d{0,18}$/.test(orderId)) throw notFound();
      return { orderId };
    },
    stringify: ({ orderId }) => ({ orderId }),
  },
  loader: async ({ context: { queryClient }, params }) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session.user) return;
    // A failed read is the page's to show, with the API's message and a retry.
    await queryClient.ensureQueryData(orderQueryOptions(Number(params.orderId))).catch(() => undefined);
  },
  pendingComponent: OrderDetailSkeleton,
  component: OrderPage,
});

function OrderPage() {
  const { orderId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const user = workingAccount(session.data);
  const id = Number(orderId);
  const order = useQuery({ ...orderQueryOptions(id), enabled: Boolean(user) });
  const list = useQuery({ ...orderSearchQueryOptions(user?.user_id ?? 0, search), enabled: Boolean(user) });
  const neighbours = useNeighbours({
    orderId: id,
    search,
    list: list.data,
    fetchPage: (offsetSearch) =>
      queryClient.fetchQuery(orderSearchQueryOptions(user?.user_id ?? 0, offsetSearch)),
    open: (nextId, nextSearch) =>
      void navigate({
        to: '/orders/$orderId',
        params: { orderId: String(nextId) },
        search: nextSearch,
      }),
  });

  if (!user) return <SignInGate title="Order" what="this order" />;
  const back = (
    <Link
      to="/orders"
      search={search}
      className="self-start text-xs text-muted hover:text-ink hover:underline"
    >
      ← Orders
    </Link>
  );
  if (order.isPending) return <OrderDetailSkeleton />;
  if (order.error) {
    const code = order.error instanceof ApiClientError ? order.error.error : undefined;
    return (
      <div className="px-6 py-5">
        {back}
        <ErrorState
          title={
            code === 'not_found' || code === 'order_not_found'
              ? 'There is no such order'
              : 'This order could not be loaded'
          }
          description={order.error.message}
          code={code}
          onRetry={() => void order.refetch()}
          retrying={order.isFetching}
        />
      </div>
    );
  }
  return (
    <OrderDetail
      key={id}
      order={order.data.order}
      missing={order.data.missing}
      userId={user.user_id}
      permissions={user.permissions}
      locale={localeForSite(order.data.order.context.site || user.site_id || '')}
      neighbours={neighbours}
      backToList={back}
      blockBuyer={(buyer) => (
        <BlockBuyerPanel seller={{ id: user.user_id, siteId: user.site_id }} buyer={buyer} />
      )}
    />
  );
}
