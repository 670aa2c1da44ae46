import { type PartialOrder, shipmentSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { ordersKey } from './search-orders.ts';

/** `GET /shipments/{id}` with `x-format-new: true`: `lead_time.cost` is the shipping part of the total. */
export const getShipment = (shipmentId: number, signal?: AbortSignal) =>
  request(`/api/shipments/${shipmentId}`, shipmentSchema, { signal, headers: { 'x-format-new': 'true' } });

export const shipmentQueryOptions = (shipmentId: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'shipment', shipmentId],
    queryFn: ({ signal }) => getShipment(shipmentId, signal),
  });

/** The order's shipment id; null when buyer and seller agree the delivery themselves. */
export const shipmentIdOf = (order: Pick<PartialOrder, 'shipping'>): number | null =>
  'id' in order.shipping ? order.shipping.id : null;

/** The order's shipment, read once for every part of the page that needs it; nothing is asked without one. */
export const orderShipmentQueryOptions = (order: Pick<PartialOrder, 'shipping'>) => {
  const shipmentId = shipmentIdOf(order);
  return queryOptions({ ...shipmentQueryOptions(shipmentId ?? 0), enabled: shipmentId !== null });
};
