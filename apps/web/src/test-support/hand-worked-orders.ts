import type { HandWorkedOrder } from '@mostrador/contracts/hand-worked-orders';
import { shipmentWithCosts } from './shipments.ts';

/**
 * What the BFF answers for the hand-worked orders' reads, for `answerFetch`: each order's discounts and its
 * shipment, as the marketplace would give them.
 */
export function handWorkedReads(cases: readonly HandWorkedOrder[]): Record<string, unknown> {
  const table: Record<string, unknown> = {};
  for (const { order, discounts, shipment } of cases) {
    table[`GET /api/orders/${order.id}/discounts`] = { details: discounts };
    if (order.shipping.id !== null && shipment) {
      table[`GET /api/shipments/${order.shipping.id}`] = shipmentWithCosts(
        order.shipping.id,
        shipment.cost,
        shipment.list_cost,
        order.currency_id,
      );
    }
  }
  return table;
}
