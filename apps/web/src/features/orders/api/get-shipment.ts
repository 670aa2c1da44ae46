import { shipmentSchema } from '@mostrador/contracts';
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
