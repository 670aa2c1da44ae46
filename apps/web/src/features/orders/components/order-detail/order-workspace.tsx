import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiClientError } from '../../../../lib/api-client.ts';
import { localeForSite } from '../../../../lib/format.ts';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { ErrorState } from '../../../../ui/error-state.tsx';
import { orderQueryOptions } from '../../api/get-order.ts';
import { orderSearchQueryOptions } from '../../api/search-orders.ts';
import { useNeighbours } from '../../hooks/use-neighbours.ts';
import type { OrderListSearch } from '../../model/order-search.ts';
import { OrderDetail, type OrderDetailProps, type OrderOffers } from './order-detail.tsx';
import { OrderDetailSkeleton } from './order-detail-skeleton.tsx';

export interface OrderWorkspaceProps {
  orderId: number;
  /** The account the dashboard works on. */
  seller: { id: number; siteId: string | null };
  /** The list the order was opened from (its filters, sort and page): previous and next follow it. */
  search: OrderListSearch;
  offers: OrderOffers;
  /** Opens another order of the list, keeping the list's search (its page may change). */
  open: (orderId: number, search: OrderListSearch) => void;
  backToList: ReactNode;
  blockBuyer?: OrderDetailProps['blockBuyer'];
}

/** The order page: the order as the API reads it (or why it could not be read), between its list neighbours. */
export function OrderWorkspace({
  orderId,
  seller,
  search,
  offers,
  open,
  backToList,
  blockBuyer,
}: OrderWorkspaceProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const order = useQuery(orderQueryOptions(orderId));
  const list = useQuery(orderSearchQueryOptions(seller.id, search));
  const neighbours = useNeighbours({
    orderId,
    search,
    list: list.data,
    fetchPage: (offsetSearch) => queryClient.fetchQuery(orderSearchQueryOptions(seller.id, offsetSearch)),
    open,
  });

  if (order.isPending) return <OrderDetailSkeleton />;
  if (order.error) {
    const code = order.error instanceof ApiClientError ? order.error.error : undefined;
    const notFound = order.error instanceof ApiClientError && order.error.status === 404;
    return (
      <div className="px-6 py-5">
        {backToList}
        <ErrorState
          title={
            notFound ? t('orders.orderWorkspace.thereIsNoSuch') : t('orders.orderWorkspace.thisOrderCouldNot')
          }
          description={errorText(order.error)}
          code={code}
          // Asking again for an order that does not exist cannot find it.
          onRetry={notFound ? undefined : () => void order.refetch()}
          retrying={order.isFetching}
        />
      </div>
    );
  }
  return (
    <OrderDetail
      order={order.data.order}
      missing={order.data.missing}
      accountId={seller.id}
      offers={offers}
      locale={localeForSite(order.data.order.context.site || seller.siteId || '')}
      neighbours={neighbours}
      backToList={backToList}
      blockBuyer={blockBuyer}
    />
  );
}
