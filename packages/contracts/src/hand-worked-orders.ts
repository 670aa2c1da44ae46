import type { OrderDiscount, OrderSearchResult } from './orders.ts';
import type { SellerProceeds } from './seller-proceeds.ts';

// Test support only (not exported from index.ts; imported as `@mostrador/contracts/hand-worked-orders`): orders of
// every kind with what the seller receives from each, worked by hand beside it (decision 0280). The contract test
// checks the formula against them; the web app's tests check the same figures on the order page, in the list's
// column and in the CSV export.

export interface HandWorkedOrder {
  name: string;
  /** A complete `GET /orders/search` result (`asSingleOrder` gives its `GET /orders/{id}` form). */
  order: OrderSearchResult;
  /** `GET /orders/{id}/discounts` details: `[]` when it has none. */
  discounts: OrderDiscount[];
  /** What the buyer pays (`cost`) of what the shipping costs (`list_cost`), for `order.shipping.id`; null: none. */
  shipment: { cost: number; list_cost: number } | null;
  /** What `sellerProceeds` gives for it. */
  expected: SellerProceeds;
}

const SELLER_ID = 1_000_001;
const BUYER_ID = 1_000_101;
const CREATED = '2026-11-18T06:40:00.000-06:00';
const UPDATED = '2026-11-20T06:42:00.000-06:00';

interface Line {
  unit: number;
  quantity: number;
  saleFee: number;
}
const line = (unit: number, quantity: number, saleFee: number): Line => ({ unit, quantity, saleFee });

interface Paid {
  status: 'approved' | 'refunded' | 'rejected' | 'in_process' | 'cancelled';
  amount: number;
}
const approved = (amount: number): Paid => ({ status: 'approved', amount });
const refunded = (amount: number): Paid => ({ status: 'refunded', amount });

interface Parts {
  n: number;
  status?: OrderSearchResult['status'];
  currency?: 'MXN' | 'CLP';
  lines: Line[];
  shippingCost?: number | null;
  payments: Paid[];
  cancel?: {
    group: 'buyer' | 'seller' | 'fraud' | 'delivery';
    code: string;
    by: 'buyer' | 'seller' | 'platform';
  };
  tags?: string[];
  coupon?: { id: number; amount: number };
  /** The order has a shipment of the platform's. */
  shipped?: boolean;
}

const orderId = (n: number) => 2_000_009_000_000_000 + n;
const shipmentId = (n: number) => 44_900_000_000 + n;

/** A complete search result from the members the figure reads; the rest as the marketplace fills them. */
function searchResult(p: Parts): OrderSearchResult {
  const id = orderId(p.n);
  const currency = p.currency ?? 'MXN';
  const site = currency === 'CLP' ? 'MLC' : 'MLM';
  const total = Math.round(p.lines.reduce((sum, l) => sum + l.unit * l.quantity * 100, 0)) / 100;
  const shippingCost = p.shippingCost === undefined ? null : p.shippingCost;
  const paidIn = p.payments
    .filter((payment) => payment.status === 'approved')
    .reduce((sum, payment) => sum + payment.amount, 0);
  const status = p.status ?? 'paid';
  return {
    id,
    status,
    status_detail: null,
    date_created: CREATED,
    date_closed: status === 'paid' || p.payments.length > 0 ? CREATED : null,
    expiration_date: '2026-12-18T06:40:00.000-06:00',
    last_updated: UPDATED,
    date_last_updated: UPDATED,
    order_items: p.lines.map((l, index) => ({
      item: {
        id: `${site}${900_000_000 + p.n * 10 + index}`,
        title: `Artículo ${p.n}.${index + 1}`,
        variation_id: null,
        variation_attributes: [],
        seller_custom_field: null,
        condition: 'new',
        category_id: `${site}1055`,
        seller_sku: null,
        warranty: null,
      },
      quantity: l.quantity,
      unit_price: l.unit,
      full_unit_price: l.unit,
      sale_fee: l.saleFee,
      listing_type_id: 'gold_special',
      currency_id: currency,
      base_currency_id: null,
      base_exchange_rate: null,
      differential_pricing_id: null,
      manufacturing_days: null,
    })),
    total_amount: total,
    paid_amount: Math.round(paidIn * 100) / 100,
    currency_id: currency,
    feedback: { purchase: null, sale: null },
    context: { channel: 'marketplace', site, flows: [] },
    shipping: { id: p.shipped ? shipmentId(p.n) : null },
    tags: p.tags ?? (status === 'paid' ? ['paid'] : []),
    taxes: { amount: null, currency_id: null },
    cancel_detail: p.cancel
      ? {
          group: p.cancel.group,
          code: p.cancel.code,
          description: p.cancel.code.replaceAll('_', ' '),
          requested_by: p.cancel.by,
          date: UPDATED,
          application_id: null,
        }
      : null,
    fulfilled: null,
    buying_mode: 'buy_equals_pay',
    order_request: { change: null, return: null },
    manufacturing_ending_date: null,
    hidden_for_seller: false,
    comments: null,
    pack_id: null,
    pickup_id: null,
    coupon: p.coupon ?? { id: null, amount: 0 },
    shipping_cost: shippingCost,
    application_id: '4955710532186307',
    mediations: [],
    buyer: { id: BUYER_ID, nickname: 'COMPRADOR_POLANCO' },
    seller: { id: SELLER_ID, nickname: 'TIENDA_ROMA' },
    payments: p.payments.map((payment, index) => ({
      id: 51_900_000_000 + p.n * 10 + index,
      order_id: id,
      payer_id: BUYER_ID,
      collector: { id: SELLER_ID },
      card_id: null,
      site_id: site,
      reason: `Artículo ${p.n}.1`,
      payment_method_id: 'visa',
      payment_type: 'credit_card',
      operation_type: 'regular_payment',
      currency_id: currency,
      installments: 1,
      installment_amount: payment.amount,
      issuer_id: '1',
      atm_transfer_reference: { company_id: null, transaction_id: null },
      coupon_id: null,
      coupon_amount: 0,
      activation_uri: null,
      available_actions: [],
      status: payment.status,
      status_code: null,
      status_detail: payment.status === 'approved' ? 'accredited' : payment.status,
      transaction_amount: payment.amount,
      taxes_amount: 0,
      shipping_cost: shippingCost ?? 0,
      overpaid_amount: 0,
      total_paid_amount: payment.amount,
      marketplace_fee: null,
      deferred_period: null,
      date_approved: payment.status === 'approved' || payment.status === 'refunded' ? CREATED : null,
      date_created: CREATED,
      date_last_modified: UPDATED,
      authorization_code: null,
      transaction_order_id: null,
    })),
  };
}

/** The `GET /orders/{id}` form of a search result: party ids as strings, payments in their short form. */
export function asSingleOrder(order: OrderSearchResult) {
  const { buyer, seller, payments, ...rest } = order;
  return {
    ...rest,
    buyer: { ...buyer, id: String(buyer.id) },
    seller: { ...seller, id: String(seller.id) },
    payments: payments.map(
      ({ id, transaction_amount, currency_id, status, date_created, date_last_modified }) => ({
        id,
        transaction_amount,
        currency_id,
        status,
        date_created,
        date_last_modified,
      }),
    ),
  };
}

const item = (order: number, index: number, total: number, seller: number) => ({
  id: `MLM${900_000_000 + order * 10 + index}`,
  quantity: 1,
  amounts: { total, seller },
});
const nothingElse = { shipping: 0, discounts: 0, refunded: 0, unpaid: 0 };

export const HAND_WORKED_ORDERS: readonly HandWorkedOrder[] = [
  {
    // total 2 × 1500.00 = 3000.00; fee 2 × 195.00 = 390.00; the buyer pays the whole 1200.00 of shipping (list
    // 1200.00): the seller pays none. 3000.00 − 390.00 = 2610.00.
    name: 'plain: two units, shipping paid by the buyer',
    order: searchResult({
      n: 1,
      lines: [line(1500, 2, 195)],
      shippingCost: 1200,
      payments: [approved(4200)],
      shipped: true,
    }),
    discounts: [],
    shipment: { cost: 1200, list_cost: 1200 },
    expected: { ...nothingElse, total: 3000, fees: 390, receives: 2610, paidShare: 1, undone: false },
  },
  {
    // total 10000.00, fee 1300.00; a coupon of 1000.00 of which the seller bears 400.00 (the platform 600.00).
    // 10000.00 − 1300.00 − 400.00 = 8300.00.
    name: 'coupon co-funded: only the seller part of the coupon is the seller’s cost',
    order: searchResult({
      n: 2,
      lines: [line(10000, 1, 1300)],
      payments: [approved(9000)],
      tags: ['paid', 'order_has_discount'],
      coupon: { id: 5001, amount: 1000 },
    }),
    discounts: [
      {
        type: 'coupon',
        coupon: { id: 5001 },
        supplier: { funding_mode: 'co_funded' },
        items: [item(2, 0, 1000, 400)],
      },
    ],
    shipment: null,
    expected: {
      ...nothingElse,
      total: 10000,
      fees: 1300,
      discounts: 400,
      receives: 8300,
      paidShare: 1,
      undone: false,
    },
  },
  {
    // total 3 × 250.50 + 1 × 99.90 = 751.50 + 99.90 = 851.40; fee 3 × 32.57 + 12.99 = 97.71 + 12.99 = 110.70.
    // A discount the seller funds whole: 112.73 on the first line, 14.99 on the second = 127.72.
    // 851.40 − 110.70 − 127.72 = 612.98.
    name: 'seller discount over two lines, with cents',
    order: searchResult({
      n: 3,
      lines: [line(250.5, 3, 32.57), line(99.9, 1, 12.99)],
      payments: [approved(723.68)],
      tags: ['paid', 'order_has_discount'],
    }),
    discounts: [
      {
        type: 'discount',
        supplier: { offer_id: 'OFFER-3', funding_mode: 'seller' },
        items: [item(3, 0, 112.73, 112.73), item(3, 1, 14.99, 14.99)],
      },
    ],
    shipment: null,
    expected: {
      ...nothingElse,
      total: 851.4,
      fees: 110.7,
      discounts: 127.72,
      receives: 612.98,
      paidShare: 1,
      undone: false,
    },
  },
  {
    // total 180.00, fee 23.40; cashback of 5.40 with 1.80 borne by the seller; a discount of 27.00 on the fee the
    // platform bears whole (seller 0). 180.00 − 23.40 − 1.80 = 154.80.
    name: 'cashback beside a discount the platform funds',
    order: searchResult({
      n: 4,
      lines: [line(180, 1, 23.4)],
      payments: [approved(180)],
      tags: ['paid', 'order_has_discount'],
    }),
    discounts: [
      {
        type: 'cashback',
        cashback: { id: 'CB-4' },
        counter_currency: { currency_id: 'MXN', value: 5.4 },
        supplier: { funding_mode: 'co_funded' },
        items: [item(4, 0, 5.4, 1.8)],
      },
      {
        type: 'discount',
        supplier: { meli_campaign: 'SALE_FEE', funding_mode: 'meli' },
        items: [item(4, 0, 27, 0)],
      },
    ],
    shipment: null,
    expected: {
      ...nothingElse,
      total: 180,
      fees: 23.4,
      discounts: 1.8,
      receives: 154.8,
      paidShare: 1,
      undone: false,
    },
  },
  {
    // total 899.00, fee 116.87; the buyer pays 0 of a 149.00 shipment. 899.00 − 116.87 − 149.00 = 633.13.
    name: 'free shipping: the seller pays the shipment’s list cost',
    order: searchResult({
      n: 5,
      lines: [line(899, 1, 116.87)],
      shippingCost: 0,
      payments: [approved(899)],
      shipped: true,
    }),
    discounts: [],
    shipment: { cost: 0, list_cost: 149 },
    expected: {
      ...nothingElse,
      total: 899,
      fees: 116.87,
      shipping: 149,
      receives: 633.13,
      paidShare: 1,
      undone: false,
    },
  },
  {
    // The buyer pays 50.00 of 149.00: the seller 99.00. 899.00 − 116.87 − 99.00 = 683.13.
    name: 'partly free shipping: the seller pays what the buyer does not',
    order: searchResult({
      n: 6,
      lines: [line(899, 1, 116.87)],
      shippingCost: 50,
      payments: [approved(949)],
      shipped: true,
    }),
    discounts: [],
    shipment: { cost: 50, list_cost: 149 },
    expected: {
      ...nothingElse,
      total: 899,
      fees: 116.87,
      shipping: 99,
      receives: 683.13,
      paidShare: 1,
      undone: false,
    },
  },
  {
    // due = total 2000.00 + the buyer's shipping 500.00 = 2500.00; 1500.00 approved = 60%.
    // unpaid 40% of 2000.00 = 800.00; fee 60% of 260.00 = 156.00; seller discount 60% of 100.00 = 60.00.
    // 2000.00 − 800.00 − 156.00 − 60.00 = 984.00 (= 60% of 1640.00, what the whole sale would leave).
    name: 'partial payment: the paid share of the sale, the fee in proportion',
    order: searchResult({
      n: 7,
      status: 'partially_paid',
      lines: [line(2000, 1, 260)],
      shippingCost: 500,
      payments: [approved(1500), { status: 'rejected', amount: 1000 }],
      tags: ['order_has_discount'],
      shipped: true,
    }),
    discounts: [
      {
        type: 'discount',
        supplier: { offer_id: 'OFFER-7', funding_mode: 'co_funded' },
        items: [item(7, 0, 300, 100)],
      },
    ],
    shipment: { cost: 500, list_cost: 500 },
    expected: {
      ...nothingElse,
      total: 2000,
      unpaid: 800,
      fees: 156,
      discounts: 60,
      receives: 984,
      paidShare: 0.6,
      undone: false,
    },
  },
  {
    // Nothing approved: the whole 2000.00 is unpaid, no fee is charged. 2000.00 − 2000.00 = 0.
    name: 'a payment still in process leaves nothing received yet',
    order: searchResult({
      n: 8,
      status: 'payment_in_process',
      lines: [line(2000, 1, 260)],
      payments: [{ status: 'in_process', amount: 2000 }],
    }),
    discounts: [],
    shipment: null,
    expected: {
      ...nothingElse,
      total: 2000,
      unpaid: 2000,
      fees: 0,
      receives: 0,
      paidShare: 0,
      undone: false,
    },
  },
  {
    // unpaid 899.00; no fee, no discount on a sale that did not happen. 899.00 − 899.00 = 0.
    name: 'cancelled before it was paid: nothing in, nothing out',
    order: searchResult({
      n: 9,
      status: 'cancelled',
      lines: [line(899, 1, 116.87)],
      payments: [{ status: 'cancelled', amount: 899 }],
      cancel: { group: 'seller', code: 'seller_out_of_stock', by: 'seller' },
      tags: ['order_has_discount'],
    }),
    discounts: [
      {
        type: 'discount',
        supplier: { offer_id: 'OFFER-9', funding_mode: 'seller' },
        items: [item(9, 0, 134.85, 134.85)],
      },
    ],
    shipment: null,
    expected: { ...nothingElse, total: 899, unpaid: 899, fees: 0, receives: 0, paidShare: 0, undone: true },
  },
  {
    // Paid 899.00 with free shipping (list 149.00); the label is cancelled before the carrier had it.
    // refunded 899.00: 899.00 − 899.00 = 0; no fee, no shipping, no discount.
    name: 'cancelled after payment, before the carrier had it: the money goes back',
    order: searchResult({
      n: 10,
      status: 'cancelled',
      lines: [line(899, 1, 116.87)],
      shippingCost: 0,
      payments: [refunded(899)],
      cancel: { group: 'seller', code: 'seller_cancel_sale', by: 'seller' },
      tags: ['order_has_discount'],
      shipped: true,
    }),
    discounts: [
      {
        type: 'discount',
        supplier: { offer_id: 'OFFER-10', funding_mode: 'co_funded' },
        items: [item(10, 0, 134.85, 67.43)],
      },
    ],
    shipment: { cost: 0, list_cost: 149 },
    expected: { ...nothingElse, total: 899, fees: 0, refunded: 899, receives: 0, paidShare: 1, undone: true },
  },
  {
    // refunded 899.00; the package went out and came back on the seller's 149.00. 899 − 899 − 149 = −149.00.
    name: 'charged back after shipping: the seller still paid the free shipping',
    order: searchResult({
      n: 11,
      status: 'cancelled',
      lines: [line(899, 1, 116.87)],
      shippingCost: 0,
      payments: [refunded(899)],
      cancel: { group: 'delivery', code: 'chargeback_carrier_return', by: 'buyer' },
      shipped: true,
    }),
    discounts: [],
    shipment: { cost: 0, list_cost: 149 },
    expected: {
      ...nothingElse,
      total: 899,
      fees: 0,
      shipping: 149,
      refunded: 899,
      receives: -149,
      paidShare: 1,
      undone: true,
    },
  },
  {
    // total 3000.00 with the buyer's 1200.00 shipping on top (due 4200.00, all refunded): refunded 3000.00 → 0.
    name: 'charged back on the seller’s own delivery without evidence: refunded whole',
    order: searchResult({
      n: 12,
      status: 'cancelled',
      lines: [line(1500, 2, 195)],
      shippingCost: 1200,
      payments: [refunded(4200)],
      cancel: { group: 'buyer', code: 'chargeback_not_delivered', by: 'buyer' },
      shipped: true,
    }),
    discounts: [],
    shipment: { cost: 0, list_cost: 0 },
    expected: {
      ...nothingElse,
      total: 3000,
      fees: 0,
      refunded: 3000,
      receives: 0,
      paidShare: 1,
      undone: true,
    },
  },
  {
    // A chargeback the delivery evidence covered: the sale stands. 3000.00 − 390.00 = 2610.00.
    name: 'a chargeback covered by delivery evidence leaves the sale as it was',
    order: searchResult({
      n: 13,
      lines: [line(1500, 2, 195)],
      shippingCost: 0,
      payments: [approved(3000)],
      tags: ['paid', 'delivered'],
      shipped: true,
    }),
    discounts: [],
    shipment: { cost: 0, list_cost: 0 },
    expected: { ...nothingElse, total: 3000, fees: 390, receives: 2610, paidShare: 1, undone: false },
  },
  {
    // A currency without decimals: 25990 − 3379 = 22611.
    name: 'a currency without decimals (CLP)',
    order: searchResult({
      n: 14,
      currency: 'CLP',
      lines: [line(25990, 1, 3379)],
      payments: [approved(25990)],
    }),
    discounts: [],
    shipment: null,
    expected: { ...nothingElse, total: 25990, fees: 3379, receives: 22611, paidShare: 1, undone: false },
  },
  {
    // An invalid order's payment was rejected: nothing came in. 25990 − 25990 = 0.
    name: 'invalidated for fraud: nothing came in',
    order: searchResult({
      n: 15,
      status: 'invalid',
      currency: 'CLP',
      lines: [line(25990, 1, 3379)],
      payments: [{ status: 'rejected', amount: 25990 }],
      cancel: { group: 'fraud', code: 'fraud_malicious_buyer', by: 'platform' },
    }),
    discounts: [],
    shipment: null,
    expected: {
      ...nothingElse,
      total: 25990,
      unpaid: 25990,
      fees: 0,
      receives: 0,
      paidShare: 0,
      undone: true,
    },
  },
];
