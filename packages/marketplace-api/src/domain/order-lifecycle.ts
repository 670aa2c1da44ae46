import { marketplaceFeeMinor, saleFeeMinor } from './fees.ts';
import type { OrderItemRecord, OrderRecord, PaymentRecord } from './order-record.ts';
import { isOpenPayment, paymentDeadline, timeDue } from './order-record.ts';

/**
 * The order life cycle (docs/decisions/0040-order-life-cycle.md): pure operations on an `OrderRecord`. Each answers
 * the changed record and the stock it moves; the order-writing repository runs them in one transaction with the
 * stock, the counters, the stored documents and the outbox.
 */

const DAY = 86_400_000;

export type LifecycleErrorCode =
  | 'invalid_order_status'
  | 'out_of_stock'
  | 'blocked_buyer'
  | 'payment_not_found'
  | 'bad_request';

/** A refused operation; nothing of it is written. */
export class LifecycleError extends Error {
  constructor(
    readonly code: LifecycleErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Statuses nothing moves on from. */
export const FINAL_STATUSES: ReadonlySet<string> = new Set(['cancelled', 'invalid', 'manually_cancelled']);

export const PAYMENT_STATUSES = ['pending', 'in_process', 'approved', 'rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const PAYMENT_DETAIL: Record<PaymentStatus, string> = {
  pending: 'pending_waiting_payment',
  in_process: 'pending_contingency',
  approved: 'accredited',
  rejected: 'cc_rejected_other_reason',
};

/** What a seller may give as the reason of a cancellation (group and description follow from it). */
export const SELLER_CANCEL_CODES = {
  seller_out_of_stock: { group: 'seller', description: 'Seller has no stock' },
  seller_cancel_sale: { group: 'seller', description: 'Seller cancelled the sale' },
  fraud_risk_detected: { group: 'fraud', description: 'Cancelled by the seller after a fraud alert' },
} as const;
export type SellerCancelCode = keyof typeof SELLER_CANCEL_CODES;

/** Units of an item: positive taken from stock, negative given back. */
export interface StockMove {
  itemId: string;
  quantity: number;
}

export interface Transition {
  order: OrderRecord;
  stock: StockMove[];
  /** False when the operation found the order already as asked (nothing is written, nothing is sent). */
  changed: boolean;
}

export interface ListedItem {
  id: string;
  seller_id: number;
  site_id: string;
  title: string;
  category_id: string;
  condition: string;
  listing_type_id: string;
  currency_id: string;
  price_minor: number;
  available_quantity: number;
}

export interface NewOrderInput {
  id: number;
  now: number;
  sellerId: number;
  buyerId: number;
  siteId: string;
  /** The seller accepts only the platform's payment mode: the sale is not confirmed until it is paid. */
  immediatePayment: boolean;
  lines: { item: ListedItem; quantity: number }[];
  applicationId: number;
}

const due = (o: OrderRecord) => o.totalMinor + (o.shippingCostMinor ?? 0);
const approvedSum = (payments: PaymentRecord[]) =>
  payments.filter((p) => p.status === 'approved').reduce((sum, p) => sum + p.totalPaidMinor, 0);

/**
 * The status the payments give: paid when the approved amount covers what is due, partially paid below that, then a
 * payment being processed. Otherwise (no payment, or one waiting to be paid) an order is confirmed once closed and
 * waits for payment before.
 */
export function statusFromPayments(o: OrderRecord): string {
  const paid = approvedSum(o.payments);
  if (paid >= due(o)) return 'paid';
  if (paid > 0) return 'partially_paid';
  if (o.payments.some((p) => p.status === 'in_process')) return 'payment_in_process';
  // A confirmed order stays confirmed while a payment waits: its parties' contact was shown already (0131).
  return o.dateClosed === null ? 'payment_required' : 'confirmed';
}

const takeAll = (o: OrderRecord): StockMove[] =>
  o.items.map((i) => ({ itemId: i.itemId, quantity: i.quantity }));
export const giveBack = (o: OrderRecord): StockMove[] =>
  o.dateClosed === null ? [] : o.items.map((i) => ({ itemId: i.itemId, quantity: -i.quantity }));

export const withTags = (tags: string[], add: string[], remove: string[] = []) => [
  ...tags.filter((t) => !remove.includes(t) && !add.includes(t)),
  ...add,
];

export function open(o: OrderRecord) {
  if (FINAL_STATUSES.has(o.status)) {
    throw new LifecycleError('invalid_order_status', `The order is ${o.status}; it cannot change any more.`);
  }
}

/** Spec 3: the first change to confirmed or paid closes the order and takes its items from stock. */
function close(before: OrderRecord, after: OrderRecord, now: number): StockMove[] {
  if (before.dateClosed !== null || (after.status !== 'confirmed' && after.status !== 'paid')) return [];
  after.dateClosed = now;
  return takeAll(after);
}

export function createOrder(input: NewOrderInput): Transition {
  const { lines, now } = input;
  if (input.buyerId === input.sellerId)
    throw new LifecycleError('bad_request', 'A seller cannot buy from itself.');
  if (lines.length === 0) throw new LifecycleError('bad_request', 'An order needs at least one item.');
  const ids = new Set(lines.map((l) => l.item.id));
  if (ids.size !== lines.length) throw new LifecycleError('bad_request', 'Each item may appear once.');
  for (const { item, quantity } of lines) {
    if (Number(item.seller_id) !== input.sellerId || item.site_id !== input.siteId) {
      throw new LifecycleError('bad_request', `Item ${item.id} is not listed by the seller.`);
    }
    if (quantity > item.available_quantity) {
      throw new LifecycleError('out_of_stock', `Item ${item.id} has ${item.available_quantity} units left.`);
    }
  }
  const currencyId = lines[0]!.item.currency_id;
  const items: OrderItemRecord[] = lines.map(({ item, quantity }) => ({
    itemId: item.id,
    title: item.title,
    categoryId: item.category_id,
    condition: item.condition,
    variationId: null,
    variationAttributes: [],
    sellerSku: null,
    sellerCustomField: null,
    warranty: null,
    quantity,
    unitPriceMinor: Number(item.price_minor),
    fullUnitPriceMinor: Number(item.price_minor),
    saleFeeMinor: saleFeeMinor(Number(item.price_minor)),
    listingTypeId: item.listing_type_id,
    currencyId: item.currency_id,
    manufacturingDays: null,
  }));
  const draft: OrderRecord = {
    id: input.id,
    siteId: input.siteId,
    sellerId: input.sellerId,
    buyerId: input.buyerId,
    status: 'confirmed',
    statusDetail: null,
    dateCreated: now,
    dateClosed: null,
    lastUpdated: now,
    expirationDate: now + 28 * DAY,
    expired: false,
    currencyId,
    items,
    totalMinor: items.reduce((sum, i) => sum + i.unitPriceMinor * i.quantity, 0),
    paidMinor: 0,
    payments: [],
    context: { channel: 'marketplace', site: input.siteId, flows: [] },
    shippingId: null,
    shippingCostMinor: null,
    // Orders created here carry no shipment: the seller and buyer agree on delivery.
    tags: ['no_shipping'],
    taxes: { amountMinor: null, currencyId: null },
    cancelDetail: null,
    fulfilled: null,
    buyingMode: 'buy_equals_pay',
    comments: null,
    packId: null,
    pickupId: null,
    coupon: { id: null, amountMinor: 0 },
    applicationId: String(input.applicationId),
    hiddenForSeller: false,
    manufacturingEndingDate: null,
    feedback: { sale: null, purchase: null },
    mediations: [],
  };
  if (input.immediatePayment) {
    draft.status = 'payment_required';
    return { order: draft, stock: [], changed: true };
  }
  const before = { ...draft, status: 'new' };
  return { order: draft, stock: close(before, draft, now), changed: true };
}

export interface PaymentInput {
  status: PaymentStatus;
  /** Defaults to what is still due. */
  amountMinor?: number;
  /** Moves a pending or in-process payment on instead of adding one. */
  paymentId?: number;
  newPaymentId: number;
  paymentMethodId: string;
  paymentType: string;
  now: number;
}

export function recordPayment(o: OrderRecord, input: PaymentInput): Transition {
  open(o);
  const { now } = input;
  const after: OrderRecord = structuredClone(o);
  if (input.paymentId !== undefined) {
    if (input.amountMinor !== undefined) {
      throw new LifecycleError('bad_request', 'The amount of an existing payment cannot change.');
    }
    const payment = after.payments.find((p) => p.id === input.paymentId);
    if (!payment) throw new LifecycleError('payment_not_found', 'The order has no such payment.');
    if (payment.status !== 'pending' && payment.status !== 'in_process') {
      throw new LifecycleError('invalid_order_status', `The payment is ${payment.status}; it cannot change.`);
    }
    if (input.status === 'approved' && approvedSum(after.payments) + payment.transactionMinor > due(after)) {
      throw new LifecycleError('invalid_order_status', 'The payment would exceed what is due.');
    }
    settlePayment(payment, input.status, now);
  } else {
    const remaining = due(after) - approvedSum(after.payments);
    if (remaining <= 0) throw new LifecycleError('invalid_order_status', 'The order is already paid.');
    const amount = input.amountMinor ?? remaining;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining) {
      throw new LifecycleError('bad_request', 'amount must be positive and at most what is still due.');
    }
    const payment: PaymentRecord = {
      id: input.newPaymentId,
      payerId: after.buyerId,
      collectorId: after.sellerId,
      cardId: null,
      reason: after.items[0]!.title,
      paymentMethodId: input.paymentMethodId,
      paymentType: input.paymentType,
      operationType: 'regular_payment',
      currencyId: after.currencyId,
      installments: 1,
      // The platform's own issuer for money in account and tickets; cards name their bank.
      issuerId: input.paymentType.endsWith('card') ? '310' : '2005',
      atmTransferReference: { company_id: null, transaction_id: null },
      couponId: null,
      couponMinor: 0,
      activationUri: null,
      availableActions: [],
      status: 'pending',
      statusCode: null,
      statusDetail: PAYMENT_DETAIL.pending,
      transactionMinor: amount,
      taxesMinor: 0,
      shippingCostMinor: 0,
      overpaidMinor: 0,
      totalPaidMinor: 0,
      marketplaceFeeMinor: marketplaceFeeMinor(after.items, amount, due(after)),
      deferredPeriod: null,
      dateApproved: null,
      dateCreated: now,
      dateLastModified: now,
      authorizationCode: null,
      transactionOrderId: null,
    };
    settlePayment(payment, input.status, now);
    after.payments.push(payment);
  }
  after.paidMinor = approvedSum(after.payments);
  after.status = statusFromPayments(after);
  if (after.status === 'paid') after.tags = withTags(after.tags, ['paid', 'not_delivered']);
  after.lastUpdated = now;
  return { order: after, stock: close(o, after, now), changed: true };
}

function settlePayment(p: PaymentRecord, status: PaymentStatus, now: number) {
  p.status = status;
  p.statusDetail = PAYMENT_DETAIL[status];
  p.dateLastModified = now;
  if (status === 'approved') {
    p.dateApproved = now;
    p.totalPaidMinor = p.transactionMinor;
    p.availableActions = ['refund'];
  }
}

/** Approved money goes back; payments still open are called off. */
export function unwind(after: OrderRecord, openDetail: { status: string; detail: string }, now: number) {
  for (const p of after.payments) {
    if (p.status === 'approved') {
      p.status = 'refunded';
      p.statusDetail = 'refunded';
      p.availableActions = [];
      p.dateLastModified = now;
    } else if (p.status === 'pending' || p.status === 'in_process') {
      p.status = openDetail.status;
      p.statusDetail = openDetail.detail;
      p.dateLastModified = now;
    }
  }
  after.paidMinor = 0;
  after.tags = withTags(after.tags, [], ['paid', 'not_delivered', 'delivered']);
  after.fulfilled = false;
  after.lastUpdated = now;
}

export function cancelOrder(
  o: OrderRecord,
  input: { code: SellerCancelCode; applicationId: number; now: number },
): Transition {
  open(o);
  if (input.code === 'fraud_risk_detected' && !o.tags.includes('fraud_risk_detected')) {
    throw new LifecycleError('bad_request', 'The order has no fraud alert.');
  }
  const after: OrderRecord = structuredClone(o);
  const reason = SELLER_CANCEL_CODES[input.code];
  after.status = 'cancelled';
  after.cancelDetail = {
    group: reason.group,
    code: input.code,
    description: reason.description,
    requested_by: 'seller',
    date: input.now,
    application_id: String(input.applicationId),
  };
  unwind(after, { status: 'cancelled', detail: 'by_collector' }, input.now);
  return { order: after, stock: giveBack(o), changed: true };
}

/** The platform's verdict on a malicious buyer. */
export function invalidateOrder(o: OrderRecord, input: { now: number }): Transition {
  open(o);
  const after: OrderRecord = structuredClone(o);
  after.status = 'invalid';
  after.statusDetail = { code: 'invalid', description: 'Order from a malicious buyer' };
  after.cancelDetail = {
    group: 'fraud',
    code: 'fraud_malicious_buyer',
    description: 'Malicious buyer',
    requested_by: 'platform',
    date: input.now,
    application_id: null,
  };
  unwind(after, { status: 'rejected', detail: 'cc_rejected_high_risk' }, input.now);
  return { order: after, stock: giveBack(o), changed: true };
}

/** Spec 3: after a payment was approved, the payment network or a bank signals fraud. */
export function raiseFraudAlert(o: OrderRecord, input: { now: number }): Transition {
  open(o);
  if (!o.payments.some((p) => p.status === 'approved')) {
    throw new LifecycleError('invalid_order_status', 'A fraud alert needs an approved payment.');
  }
  if (o.tags.includes('fraud_risk_detected')) return { order: o, stock: [], changed: false };
  const after: OrderRecord = structuredClone(o);
  after.tags = withTags(after.tags, ['fraud_risk_detected']);
  after.lastUpdated = input.now;
  return { order: after, stock: [], changed: true };
}

/**
 * Runs what came due by `now`: open payments past their deadline end `cancelled` / `expired` and the order's status
 * follows them (`statusFromPayments`, final statuses stay); past `expiration_date`, approved payments are released
 * (no refund is offered any more, `marketplace_fee` is charged as it stands) and the order is expired, which makes
 * its feedback visible to both parties. Unchanged when nothing came due.
 */
export function passTime(o: OrderRecord, now: number): Transition {
  const due = timeDue(o);
  if (due === null || due > now) return { order: o, stock: [], changed: false };
  const after: OrderRecord = structuredClone(o);
  let lapsed = false;
  for (const p of after.payments) {
    if (isOpenPayment(p) && paymentDeadline(p) <= now) {
      p.status = 'cancelled';
      p.statusDetail = 'expired';
      p.availableActions = [];
      p.dateLastModified = paymentDeadline(p);
      lapsed = true;
    }
  }
  if (lapsed && !FINAL_STATUSES.has(after.status)) {
    after.paidMinor = approvedSum(after.payments);
    after.status = statusFromPayments(after);
  }
  if (!after.expired && after.expirationDate <= now) {
    after.expired = true;
    for (const p of after.payments) {
      if (p.status === 'approved' && p.availableActions.length > 0) {
        p.availableActions = [];
        p.dateLastModified = after.expirationDate;
      }
    }
  }
  after.lastUpdated = Math.max(o.lastUpdated, now);
  return { order: after, stock: [], changed: true };
}
