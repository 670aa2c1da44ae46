import {
  type ProceedsListedOrder,
  proceedsReads,
  type SellerProceeds,
  sellerProceeds,
} from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { readEach } from '../model/order-export.ts';
import { getOrderDiscounts } from './get-order-discounts.ts';
import { getShipment } from './get-shipment.ts';
import { ordersKey } from './search-orders.ts';

/**
 * What the seller receives from a listed order (decision 0280): reads its discounts and its shipment only when the
 * figure depends on them (`proceedsReads`), both at once.
 */
export async function readSellerProceeds(
  order: ProceedsListedOrder & { id: number },
  signal?: AbortSignal,
): Promise<SellerProceeds> {
  const needs = proceedsReads(order);
  const shipmentId = order.shipping.id ?? null;
  const [discounts, shipment] = await Promise.all([
    needs.discounts ? getOrderDiscounts(order.id, signal) : null,
    needs.shipment && shipmentId !== null ? getShipment(shipmentId, signal) : null,
  ]);
  return sellerProceeds(order, discounts?.details ?? [], shipment);
}

/** Keyed by the order's last change, so a live update of the order works the figure out again. */
export const sellerProceedsQueryOptions = (
  order: ProceedsListedOrder & { id: number; date_last_updated: string },
) =>
  queryOptions({
    queryKey: [...ordersKey, 'proceeds', order.id, order.date_last_updated],
    queryFn: ({ signal }) => readSellerProceeds(order, signal),
  });

/**
 * What the seller receives from each of a page of listed orders, four read at a time, in their order; nothing (null)
 * on the buyer's side, where a purchase leaves the account nothing to receive.
 */
export function readEachSellerProceeds(
  orders: readonly (ProceedsListedOrder & { id: number })[],
  side: 'seller' | 'buyer',
  signal?: AbortSignal,
): Promise<(SellerProceeds | null)[]> {
  if (side === 'buyer') return Promise.resolve(orders.map(() => null));
  return readEach(orders, 4, (order) => readSellerProceeds(order, signal));
}
