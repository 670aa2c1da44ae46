// What the seller receives from one order (docs/decisions/0280-what-the-seller-receives.md).

/** The members of an order the figure reads: both the single-order and the search form have them. */
export interface ProceedsOrder {
  status: string;
  total_amount: number;
  /** The buyer's part of the shipping, paid with the order (null without the platform's shipping). */
  shipping_cost: number | null;
  order_items: readonly { quantity: number; sale_fee: number }[];
  payments: readonly { status: string; transaction_amount: number }[];
  cancel_detail: { code: string } | null;
}

/** One entry of `GET /orders/{id}/discounts` (only each item's seller-borne part is read). */
export interface ProceedsDiscount {
  items: readonly { amounts: { total: number; seller: number } }[];
}

/** The order's shipment (`x-format-new`): what the buyer pays and what the shipping costs. */
export interface ProceedsShipment {
  lead_time: { cost: number; list_cost: number };
}

/** Every figure is in the order's item currency; the costs are positive amounts taken from `total`. */
export interface SellerProceeds {
  /** `total_amount`: the items' price, without shipping or taxes. */
  total: number;
  /** The part of the total the buyer has not paid yet. */
  unpaid: number;
  /** The platform's fee: `sale_fee × quantity` over the lines, on the part paid. */
  fees: number;
  /** What the seller pays of the shipping: `list_cost − cost` of the shipment, on the part paid. */
  shipping: number;
  /** The seller-borne part (`amounts.seller`) of every discount, coupon and cashback, on the part paid. */
  discounts: number;
  /** What went back to the buyer when the sale was cancelled or charged back. */
  refunded: number;
  /** `total − unpaid − fees − shipping − discounts − refunded`. */
  receives: number;
  /** The share of what is due (total and the buyer's shipping) the buyer paid, from 0 to 1. */
  paidShare: number;
  /** The sale did not go ahead (cancelled, charged back without cover, invalid): no fee or discount applies. */
  undone: boolean;
}

const UNDONE_STATUSES: ReadonlySet<string> = new Set(['cancelled', 'manually_cancelled', 'invalid']);
// Money that reached the seller at some point: approved, or approved and then returned.
const MONEY_IN: ReadonlySet<string> = new Set(['approved', 'refunded']);
// cancel_detail codes of a sale whose package had reached the carrier and came back (decision 0090).
const CARRIER_RETURNS: ReadonlySet<string> = new Set(['carrier_return', 'chargeback_carrier_return']);

// Hundredths: every currency of the marketplace has at most two decimal places.
const cents = (amount: number) => Math.round(Number(`${amount}e2`));
const fromCents = (value: number) => value / 100;

/** The share of what is due (total and the buyer's shipping) that came in, approved or since refunded. */
function paidShareOf(order: ProceedsOrder): number {
  if (order.status === 'paid') return 1;
  const due = cents(order.total_amount) + cents(order.shipping_cost ?? 0);
  if (due === 0) return 1;
  const moneyIn = order.payments
    .filter((payment) => MONEY_IN.has(payment.status))
    .reduce((sum, payment) => sum + cents(payment.transaction_amount), 0);
  return Math.min(1, moneyIn / due);
}

/** An order as a list holds it: the members `proceedsReads` decides by. */
export interface ProceedsListedOrder extends ProceedsOrder {
  tags: readonly string[];
  coupon: { amount: number };
  shipping: { id?: number | null };
}

/**
 * What must be read besides the order to work its figure out: its discounts when it has any (the platform tags such
 * orders `order_has_discount`; a coupon is one), its shipment when it has one, and neither when nothing came in or
 * the sale was undone before its package travelled (the figure is then the same whatever they hold).
 */
export function proceedsReads(order: ProceedsListedOrder): { discounts: boolean; shipment: boolean } {
  const hasShipment = typeof order.shipping.id === 'number';
  if (paidShareOf(order) === 0) return { discounts: false, shipment: false };
  if (UNDONE_STATUSES.has(order.status)) {
    return {
      discounts: false,
      shipment: hasShipment && CARRIER_RETURNS.has(order.cancel_detail?.code ?? ''),
    };
  }
  return {
    discounts: order.tags.includes('order_has_discount') || order.coupon.amount > 0,
    shipment: hasShipment,
  };
}

/**
 * What the seller receives from an order: its total, less the part not paid yet, the platform's fee, the seller's
 * share of shipping, the seller-funded part of its discounts and what was refunded. `discounts` are the details of
 * `GET /orders/{id}/discounts` (`[]` when it has none); `shipment` is the order's shipment, or null when it has none.
 */
export function sellerProceeds(
  order: ProceedsOrder,
  discounts: readonly ProceedsDiscount[],
  shipment: ProceedsShipment | null,
): SellerProceeds {
  const total = cents(order.total_amount);
  const paidShare = paidShareOf(order);
  const undone = UNDONE_STATUSES.has(order.status);
  const onPaid = (value: number) => Math.round(value * paidShare);

  const fee = order.order_items.reduce((sum, line) => sum + cents(line.sale_fee) * line.quantity, 0);
  const sellerDiscounts = discounts.reduce(
    (sum, discount) => sum + discount.items.reduce((part, item) => part + cents(item.amounts.seller), 0),
    0,
  );
  const shippingShare = shipment
    ? Math.max(0, cents(shipment.lead_time.list_cost) - cents(shipment.lead_time.cost))
    : 0;

  const paid = onPaid(total);
  const parts = undone
    ? {
        unpaid: total - paid,
        fees: 0,
        discounts: 0,
        // A package that reached the carrier travelled both ways: the seller still pays its share of that.
        shipping: CARRIER_RETURNS.has(order.cancel_detail?.code ?? '') ? onPaid(shippingShare) : 0,
        refunded: paid,
      }
    : {
        unpaid: total - paid,
        fees: onPaid(fee),
        discounts: onPaid(sellerDiscounts),
        shipping: onPaid(shippingShare),
        refunded: 0,
      };
  const receives = total - parts.unpaid - parts.fees - parts.shipping - parts.discounts - parts.refunded;
  return {
    total: fromCents(total),
    unpaid: fromCents(parts.unpaid),
    fees: fromCents(parts.fees),
    shipping: fromCents(parts.shipping),
    discounts: fromCents(parts.discounts),
    refunded: fromCents(parts.refunded),
    receives: fromCents(receives),
    paidShare,
    undone,
  };
}
