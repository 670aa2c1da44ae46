import {
  CHARGEBACK_COVERED_TAG,
  chargebackCostsSeller,
  type DeliveryCase,
  type DeliveryState,
  deliveryCase,
  FEEDBACK_REPLY_WINDOW_DAYS,
  type MissingEvidence,
  OPEN_ORDER_STATUSES,
  type OrderSearchResult,
  type ProceedsDiscount,
  type ProceedsShipment,
  proceedsReads,
  type Shipment,
  sellerProceeds,
} from '@mostrador/contracts';
import type { BffSellerDayLinesTable, BffSellerDayOrdersTable } from '../db/schema.ts';

const DAY = 86_400_000;
const OPEN: ReadonlySet<string> = new Set(OPEN_ORDER_STATUSES);
// Statuses the seller's side of the search leaves out unless asked for by name (spec 3).
const HIDDEN_FROM_SELLER: ReadonlySet<string> = new Set(['cancelled', 'manually_cancelled']);
// The platform's shipment statuses before the package reaches the carrier (a shipment without our `delivery`).
const NOT_HANDED_OVER: ReadonlySet<string> = new Set(['pending', 'handling', 'ready_to_ship', 'cancelled']);

const cents = (amount: number) => Math.round(Number(`${amount}e2`));

/** The order as a projection reads it: the search's form, or the single order's (ids as strings there). */
export type ProjectedOrder = Pick<
  OrderSearchResult,
  | 'id'
  | 'status'
  | 'date_created'
  | 'total_amount'
  | 'currency_id'
  | 'order_items'
  | 'tags'
  | 'feedback'
  | 'mediations'
  | 'shipping'
  | 'shipping_cost'
  | 'cancel_detail'
  | 'coupon'
> & {
  last_updated: string;
  seller: { id: number | string };
  buyer: { nickname?: string | undefined } | Record<string, never>;
  payments: readonly { status: string; transaction_amount: number }[];
};

/** What besides the order must be read to project it: its discounts, its shipment. */
export function projectionReads(order: ProjectedOrder): { discounts: boolean; shipment: boolean } {
  const reads = proceedsReads(order);
  const hasShipment = typeof order.shipping.id === 'number';
  // The queues of a paid order read where its shipment stands.
  return { discounts: reads.discounts, shipment: reads.shipment || (order.status === 'paid' && hasShipment) };
}

/** The row of spec 1's table a shipment is in, from our `delivery` member or, without it, the platform's status. */
function shipmentCase(shipment: Shipment | null): { case: DeliveryCase; state: DeliveryState | null } {
  if (!shipment) {
    return {
      case: deliveryCase({ platformShipping: false, state: 'not_platform_shipping', evidence: false }),
      state: null,
    };
  }
  if (shipment.delivery) return { case: shipment.delivery.case, state: shipment.delivery.state };
  const platform = shipment.mode === 'me2';
  const state: DeliveryState = !platform
    ? shipment.status === 'delivered'
      ? 'delivered'
      : 'not_platform_shipping'
    : NOT_HANDED_OVER.has(shipment.status)
      ? shipment.status === 'cancelled'
        ? 'cancelled'
        : 'label_not_printed'
      : shipment.status === 'delivered'
        ? 'delivered'
        : shipment.status === 'not_delivered'
          ? 'not_delivered'
          : 'shipped';
  // A platform that sends no `delivery` member sends no evidence either.
  return { case: deliveryCase({ platformShipping: platform, state, evidence: false }), state };
}

interface FeedbackSide {
  rating?: unknown;
  date_created?: unknown;
  reply?: unknown;
}

/**
 * One order's rows in the projection: what each queue and figure reads, worked out once when the order is written
 * (decision 0281), so Today and Insights only count and add.
 */
export function projectOrder(
  order: ProjectedOrder,
  discounts: readonly ProceedsDiscount[],
  shipment: Shipment | null,
): { row: BffSellerDayOrdersTable; lines: BffSellerDayLinesTable[]; utcOffset: string } {
  const created = Date.parse(order.date_created);
  const sellerId = Number(order.seller.id);
  const proceeds = sellerProceeds(order, discounts, shipment as ProceedsShipment | null);
  const delivery = shipmentCase(shipment);
  const tags = order.tags;
  const paid = order.status === 'paid';
  const purchase = order.feedback.purchase as FeedbackSide | null;
  const sale = order.feedback.sale as FeedbackSide | null;
  const purchaseAt =
    purchase && typeof purchase.date_created === 'string' ? Date.parse(purchase.date_created) : null;
  const replied = purchase ? typeof purchase.reply === 'string' && purchase.reply.length > 0 : false;
  const mediation = (order.mediations[0] ?? null) as { stage?: unknown; status?: unknown } | null;
  const visible = !HIDDEN_FROM_SELLER.has(order.status);
  const atRisk = paid && !tags.includes(CHARGEBACK_COVERED_TAG) && chargebackCostsSeller(delivery.case);
  const missing: MissingEvidence | null = atRisk
    ? delivery.state === 'delivered'
      ? 'evidence'
      : 'delivery'
    : null;
  const units = order.order_items.reduce((sum, line) => sum + line.quantity, 0);
  const row: BffSellerDayOrdersTable = {
    order_id: order.id,
    seller_id: sellerId,
    date_created: created,
    // The timestamp is written at the site's offset: its date is the site's calendar day.
    day: order.date_created.slice(0, 10),
    last_updated: Date.parse(order.last_updated),
    status: order.status,
    currency_id: order.currency_id,
    total_cents: cents(order.total_amount),
    receives_cents: cents(proceeds.receives),
    units,
    sale: Number(paid),
    cancelled: Number(order.status === 'cancelled' || order.status === 'manually_cancelled'),
    fraud: Number(tags.includes('fraud_risk_detected')),
    purchase_rating: purchase && typeof purchase.rating === 'string' ? purchase.rating : null,
    to_ship: Number(paid && delivery.case === 'platform_not_shipped'),
    fraud_open: Number(OPEN.has(order.status) && tags.includes('fraud_risk_detected')),
    reply_due_until:
      purchaseAt !== null && !replied && visible ? purchaseAt + FEEDBACK_REPLY_WINDOW_DAYS * DAY : null,
    unrated: Number(paid && !sale),
    mediation_open: Number(visible && mediation?.status === 'opened'),
    at_risk: Number(atRisk),
    buyer_nickname:
      'nickname' in order.buyer && typeof order.buyer.nickname === 'string' ? order.buyer.nickname : null,
    title: order.order_items[0]?.item.title ?? '',
    shipment_state: delivery.state,
    missing_evidence: missing,
    mediation_stage: typeof mediation?.stage === 'string' ? mediation.stage : null,
    feedback_date: purchaseAt,
  };
  const lines = order.order_items.map((line, index) => ({
    order_id: order.id,
    line: index,
    seller_id: sellerId,
    date_created: created,
    sale: Number(paid),
    item_id: line.item.id,
    title: line.item.title,
    quantity: line.quantity,
    revenue_cents: cents(line.unit_price) * line.quantity,
  }));
  const offset = /([+-]\d{2}:\d{2})$/.exec(order.date_created)?.[1] ?? '+00:00';
  return { row, lines, utcOffset: offset };
}
