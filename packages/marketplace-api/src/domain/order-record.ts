import type { OrdersTable } from '../db/schema.ts';
import { toMajor, toMajorOrNull } from './money.ts';
import { isoAt, isoOrNull } from './time.ts';

/** The order as the marketplace keeps it: money in minor units, times in epoch milliseconds. */
export interface OrderRecord {
  id: number;
  siteId: string;
  sellerId: number;
  buyerId: number;
  status: string;
  statusDetail: { code: string; description: string } | null;
  dateCreated: number;
  dateClosed: number | null;
  lastUpdated: number;
  expirationDate: number;
  /** Past `expiration_date` and run by the sweep: payments released, feedback visible (decision 0290). */
  expired: boolean;
  currencyId: string;
  items: OrderItemRecord[];
  totalMinor: number;
  paidMinor: number;
  payments: PaymentRecord[];
  context: { channel: string; site: string; flows: string[] };
  shippingId: number | null;
  shippingCostMinor: number | null;
  tags: string[];
  taxes: { amountMinor: number | null; currencyId: string | null };
  cancelDetail: {
    group: string;
    code: string;
    description: string;
    requested_by: string;
    date: number;
    application_id: string | null;
  } | null;
  fulfilled: boolean | null;
  buyingMode: string;
  comments: string | null;
  packId: number | null;
  pickupId: number | null;
  coupon: { id: number | null; amountMinor: number };
  applicationId: string;
  hiddenForSeller: boolean;
  manufacturingEndingDate: number | null;
  feedback: { sale: FeedbackRecord | null; purchase: FeedbackRecord | null };
  mediations: MediationRecord[];
}

export interface OrderItemRecord {
  itemId: string;
  title: string;
  categoryId: string;
  condition: string;
  variationId: string | null;
  variationAttributes: { id: string; name: string; value_id: string | null; value_name: string }[];
  sellerSku: string | null;
  sellerCustomField: string | null;
  warranty: string | null;
  quantity: number;
  unitPriceMinor: number;
  fullUnitPriceMinor: number;
  saleFeeMinor: number;
  listingTypeId: string;
  currencyId: string;
  manufacturingDays: number | null;
}

export interface PaymentRecord {
  id: number;
  payerId: number;
  collectorId: number;
  cardId: number | null;
  reason: string;
  paymentMethodId: string;
  paymentType: string;
  operationType: string;
  currencyId: string;
  installments: number;
  issuerId: string | null;
  atmTransferReference: { company_id: string | null; transaction_id: string | null };
  couponId: string | null;
  couponMinor: number;
  activationUri: string | null;
  availableActions: string[];
  status: string;
  statusCode: string | null;
  statusDetail: string;
  transactionMinor: number;
  taxesMinor: number;
  shippingCostMinor: number;
  overpaidMinor: number;
  totalPaidMinor: number;
  marketplaceFeeMinor: number;
  deferredPeriod: string | null;
  dateApproved: number | null;
  dateCreated: number;
  dateLastModified: number;
  authorizationCode: string | null;
  transactionOrderId: string | null;
}

export interface FeedbackRecord {
  id: number;
  role: 'sale' | 'purchase';
  fromUserId: number;
  toUserId: number;
  fulfilled: boolean;
  rating: 'positive' | 'neutral' | 'negative';
  reason: string | null;
  message: string | null;
  dateCreated: number;
  reply: string | null;
  replyDate: number | null;
}

export interface MediationRecord {
  id: number;
  stage: string;
  status: string;
  dateCreated: number;
}

export interface RenderContext {
  offsetMinutes: number;
  decimals: (currencyId: string) => number;
  /**
   * How a document's JSON becomes its stored bytes: a Buffer of its own unless given. The bulk seed writes a whole
   * batch's documents into one buffer, which crosses threads without a copy.
   */
  bytes?: (json: string) => Uint8Array;
}

/** JSON as UTF-8 bytes, the form order documents are stored and served in. */
export const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/** A document's bytes the way the context stores them (a function, not a closure made per order). */
function toBytes(ctx: RenderContext, value: unknown): Uint8Array {
  return ctx.bytes ? ctx.bytes(JSON.stringify(value)) : jsonBytes(value);
}

/** Accent-free lower case, so search matches "camara" to "Cámara" on every store. */
export function searchFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

// Orders repeat their items' texts (a million seeded orders list a few hundred thousand items): each is folded once.
const foldedItems = new Map<string, string>();

function foldItemText(text: string): string {
  let fold = foldedItems.get(text);
  if (fold === undefined) {
    fold = searchFold(text);
    if (foldedItems.size >= 50_000) foldedItems.clear();
    foldedItems.set(text, fold);
  }
  return fold;
}

export function feedbackStatus(order: Pick<OrderRecord, 'feedback'>): string {
  const { sale, purchase } = order.feedback;
  if (sale && purchase) return 'complete';
  if (sale) return 'waiting_buyer';
  if (purchase) return 'waiting_seller';
  return 'pending';
}

function renderPayment(p: PaymentRecord, orderId: number, siteId: string, ctx: RenderContext) {
  const d = ctx.decimals(p.currencyId);
  const at = (ms: number | null) => isoOrNull(ms, ctx.offsetMinutes);
  return {
    id: p.id,
    order_id: orderId,
    payer_id: p.payerId,
    collector: { id: p.collectorId },
    card_id: p.cardId,
    site_id: siteId,
    reason: p.reason,
    payment_method_id: p.paymentMethodId,
    payment_type: p.paymentType,
    operation_type: p.operationType,
    currency_id: p.currencyId,
    installments: p.installments,
    installment_amount: toMajor(Math.round(p.transactionMinor / p.installments), d),
    issuer_id: p.issuerId,
    atm_transfer_reference: p.atmTransferReference,
    coupon_id: p.couponId,
    coupon_amount: toMajor(p.couponMinor, d),
    activation_uri: p.activationUri,
    available_actions: p.availableActions,
    status: p.status,
    status_code: p.statusCode,
    status_detail: p.statusDetail,
    transaction_amount: toMajor(p.transactionMinor, d),
    taxes_amount: toMajor(p.taxesMinor, d),
    shipping_cost: toMajor(p.shippingCostMinor, d),
    overpaid_amount: toMajor(p.overpaidMinor, d),
    total_paid_amount: toMajor(p.totalPaidMinor, d),
    marketplace_fee: toMajor(p.marketplaceFeeMinor, d),
    deferred_period: p.deferredPeriod,
    date_approved: at(p.dateApproved),
    date_created: at(p.dateCreated),
    date_last_modified: at(p.dateLastModified),
    authorization_code: p.authorizationCode,
    transaction_order_id: p.transactionOrderId,
  };
}

export function renderFeedback(f: FeedbackRecord | null, offsetMinutes: number) {
  if (!f) return null;
  return {
    id: f.id,
    date_created: isoAt(f.dateCreated, offsetMinutes),
    fulfilled: f.fulfilled,
    rating: f.rating,
    reason: f.reason,
    message: f.message,
    status: 'active',
    reply: f.reply,
    reply_date: isoOrNull(f.replyDate, offsetMinutes),
  };
}

/**
 * What time does to an order (docs/decisions/0290-what-time-does-to-an-order.md). A payment still `pending` or
 * `in_process` this long after it was made ends `cancelled` / `expired`, as a ticket nobody paid.
 */
export const PENDING_PAYMENT_DAYS = 3;
const PENDING_PAYMENT_MS = PENDING_PAYMENT_DAYS * 86_400_000;

/** A payment still waiting to be paid or approved. */
export const isOpenPayment = (p: PaymentRecord) => p.status === 'pending' || p.status === 'in_process';

/** The instant a payment still open ends by itself. */
export const paymentDeadline = (p: PaymentRecord) => p.dateCreated + PENDING_PAYMENT_MS;

/**
 * The next instant time changes the order: the first deadline of an open payment, or its `expiration_date` until
 * passed; null when time changes nothing more. Stored as the order's `time_due` column, which the sweep looks for.
 */
export function timeDue(o: OrderRecord): number | null {
  let due = o.expired ? Number.POSITIVE_INFINITY : o.expirationDate;
  for (const p of o.payments) if (isOpenPayment(p)) due = Math.min(due, paymentDeadline(p));
  return Number.isFinite(due) ? due : null;
}

/**
 * The stored read model of an order: the document without its members, plus each member pre-rendered, so a read
 * joins strings instead of parsing and serialising JSON.
 */
export function renderOrderRow(o: OrderRecord, ctx: RenderContext): OrdersTable {
  const d = ctx.decimals(o.currencyId);
  const off = ctx.offsetMinutes;
  const core = {
    id: o.id,
    status: o.status,
    status_detail: o.statusDetail,
    date_created: isoAt(o.dateCreated, off),
    date_closed: isoOrNull(o.dateClosed, off),
    expiration_date: isoAt(o.expirationDate, off),
    last_updated: isoAt(o.lastUpdated, off),
    date_last_updated: isoAt(o.lastUpdated, off),
    order_items: o.items.map((i) => ({
      item: {
        id: i.itemId,
        title: i.title,
        category_id: i.categoryId,
        variation_id: i.variationId,
        seller_custom_field: i.sellerCustomField,
        variation_attributes: i.variationAttributes,
        warranty: i.warranty,
        condition: i.condition,
        seller_sku: i.sellerSku,
      },
      quantity: i.quantity,
      unit_price: toMajor(i.unitPriceMinor, ctx.decimals(i.currencyId)),
      full_unit_price: toMajor(i.fullUnitPriceMinor, ctx.decimals(i.currencyId)),
      sale_fee: toMajor(i.saleFeeMinor, ctx.decimals(i.currencyId)),
      listing_type_id: i.listingTypeId,
      currency_id: i.currencyId,
      base_currency_id: null,
      base_exchange_rate: null,
      differential_pricing_id: null,
      manufacturing_days: i.manufacturingDays,
    })),
    total_amount: toMajor(o.totalMinor, d),
    paid_amount: toMajor(o.paidMinor, d),
    currency_id: o.currencyId,
    context: o.context,
    tags: o.tags,
    taxes: {
      amount: toMajorOrNull(o.taxes.amountMinor, o.taxes.currencyId ? ctx.decimals(o.taxes.currencyId) : d),
      currency_id: o.taxes.currencyId,
    },
    cancel_detail: o.cancelDetail ? { ...o.cancelDetail, date: isoAt(o.cancelDetail.date, off) } : null,
    fulfilled: o.fulfilled,
    buying_mode: o.buyingMode,
    order_request: { change: null, return: null },
    manufacturing_ending_date: isoOrNull(o.manufacturingEndingDate, off),
    hidden_for_seller: o.hiddenForSeller,
    comments: o.comments,
    pack_id: o.packId,
    pickup_id: o.pickupId,
    coupon: { id: o.coupon.id, amount: toMajor(o.coupon.amountMinor, d) },
    shipping_cost: toMajorOrNull(o.shippingCostMinor, d),
    application_id: o.applicationId,
  };
  const payments = o.payments.map((p) => renderPayment(p, o.id, o.siteId, ctx));
  const itemText = o.items.map((i) => `${i.itemId} ${i.title}`).join(' | ');
  const mediation = o.mediations[0] ?? null;
  return {
    id: o.id,
    version: 1,
    seller_id: o.sellerId,
    buyer_id: o.buyerId,
    site_id: o.siteId,
    status: o.status,
    currency_id: o.currencyId,
    total_minor: o.totalMinor,
    date_created: o.dateCreated,
    date_closed: o.dateClosed,
    last_updated: o.lastUpdated,
    tags: `,${o.tags.join(',')},`,
    search_text: foldItemText(itemText),
    feedback_status: feedbackStatus(o),
    feedback_sale_rating: o.feedback.sale?.rating ?? null,
    feedback_purchase_rating: o.feedback.purchase?.rating ?? null,
    feedback_sale_fulfilled: o.feedback.sale ? Number(o.feedback.sale.fulfilled) : null,
    feedback_purchase_fulfilled: o.feedback.purchase ? Number(o.feedback.purchase.fulfilled) : null,
    mediation_stage: mediation?.stage ?? null,
    mediation_status: mediation?.status ?? null,
    shipping_id: o.shippingId,
    expired: o.expired ? 1 : 0,
    time_due: timeDue(o),
    doc: toBytes(ctx, core),
    payments_full: toBytes(ctx, payments),
    payments_short: toBytes(
      ctx,
      payments.map((p) => ({
        id: p.id,
        transaction_amount: p.transaction_amount,
        currency_id: p.currency_id,
        status: p.status,
        date_created: p.date_created,
        date_last_modified: p.date_last_modified,
      })),
    ),
    feedback_doc: toBytes(ctx, {
      purchase: renderFeedback(o.feedback.purchase, off),
      sale: renderFeedback(o.feedback.sale, off),
    }),
    mediations_doc: toBytes(
      ctx,
      o.mediations.map((m) => ({
        id: m.id,
        stage: m.stage,
        status: m.status,
        date_created: isoAt(m.dateCreated, off),
      })),
    ),
  };
}
