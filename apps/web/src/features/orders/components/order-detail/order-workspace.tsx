import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiClientError } from '../../../../lib/api-client.ts';
import { localeForSite } from '../../../../lib/format.ts';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { EmptyState } from '../../../../ui/empty-state.tsx';
import { ErrorState } from '../../../../ui/error-state.tsx';
import { CompassIcon } from '../../../../ui/icons.tsx';
import { orderQueryOptions } from '../../api/get-order.ts';
import { orderSearchQueryOptions } from '../../api/search-orders.ts';
import { type Neighbours, useNeighbours } from '../../hooks/use-neighbours.ts';
import type { OrderListSearch } from '../../model/order-search.ts';
import { parseSelection, selectionNeighbours } from '../../model/order-selection.ts';
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
  notes?: OrderDetailProps['notes'];
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
  notes,
}: OrderWorkspaceProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const order = useQuery(orderQueryOptions(orderId));
  const list = useQuery(orderSearchQueryOptions(seller.id, search));
  const listNeighbours = useNeighbours({
    orderId,
    search,
    list: list.data,
    fetchPage: (offsetSearch) => queryClient.fetchQuery(orderSearchQueryOptions(seller.id, offsetSearch)),
    open,
  });
  // Opened in turn from a selection: previous and next go through the picked orders instead of the list.
  const inSelection = selectionNeighbours(parseSelection(search.selection), orderId);
  const neighbours: Neighbours = inSelection
    ? {
        previous: inSelection.previous === null ? null : () => open(inSelection.previous!, search),
        next: inSelection.next === null ? null : () => open(inSelection.next!, search),
        position: translate('orders.selection.position', {
          position: inSelection.position,
          total: inSelection.total,
        }),
      }
    : listNeighbours;

  if (order.isPending) return <OrderDetailSkeleton />;
  if (order.error instanceof ApiClientError && order.error.status === 404) {
    // Said once, plainly, with no code: nothing went wrong that support would need to look up.
    return (
      <div className="px-6 py-5">
        {backToList}
        <EmptyState
          className="py-16"
          icon={<CompassIcon />}
          title={t('orders.orderWorkspace.thereIsNoSuch')}
          description={t('orders.orderWorkspace.noSuchOrder', { id: orderId })}
        />
      </div>
    );
  }
  if (order.error) {
    const code = order.error instanceof ApiClientError ? order.error.error : undefined;
    return (
      <div className="px-6 py-5">
        {backToList}
        <ErrorState
          title={t('orders.orderWorkspace.thisOrderCouldNot')}
          description={errorText(order.error)}
          code={code}
          onRetry={() => void order.refetch()}
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
      notes={notes}
    />
  );
}
