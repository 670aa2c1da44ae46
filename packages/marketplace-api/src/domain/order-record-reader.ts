import type { OrdersTable } from '../db/schema.ts';
import { toMinor } from './money.ts';
import type {
  FeedbackRecord,
  MediationRecord,
  OrderItemRecord,
  OrderRecord,
  PaymentRecord,
  RenderContext,
} from './order-record.ts';

type Json = Record<string, unknown>;

const parse = (bytes: Uint8Array): unknown => JSON.parse(Buffer.from(bytes).toString('utf8'));
const ms = (iso: unknown): number => {
  const value = Date.parse(iso as string);
  if (Number.isNaN(value)) throw new Error('stored order holds a malformed timestamp');
  return value;
};
const msOrNull = (iso: unknown): number | null => (iso === null || iso === undefined ? null : ms(iso));

/**
 * The order as the marketplace keeps it, read back from its stored documents: the inverse of `renderOrderRow`, so a
 * write can change the record and render the row again without keeping a second copy of every order. Feedback
 * comes from the feedback table (the rendered member lacks who gave it). `order-record-reader.test.ts` checks the
 * round trip on every seeded order.
 */
export function readOrderRecord(
  row: Pick<
    OrdersTable,
    'seller_id' | 'buyer_id' | 'shipping_id' | 'doc' | 'payments_full' | 'mediations_doc' | 'expired'
  >,
  feedback: { sale: FeedbackRecord | null; purchase: FeedbackRecord | null },
  ctx: RenderContext,
): OrderRecord {
  const doc = parse(row.doc) as Json;
  const currencyId = doc.currency_id as string;
  const d = ctx.decimals(currencyId);
  const minor = (major: unknown, decimals = d) => toMinor(major as number, decimals);
  const items = (doc.order_items as Json[]).map((line): OrderItemRecord => {
    const item = line.item as Json;
    const lineDecimals = ctx.decimals(line.currency_id as string);
    return {
      itemId: item.id as string,
      title: item.title as string,
      categoryId: item.category_id as string,
      condition: item.condition as string,
      variationId: item.variation_id as string | null,
      variationAttributes: item.variation_attributes as OrderItemRecord['variationAttributes'],
      sellerSku: item.seller_sku as string | null,
      sellerCustomField: item.seller_custom_field as string | null,
      warranty: item.warranty as string | null,
      quantity: line.quantity as number,
      unitPriceMinor: minor(line.unit_price, lineDecimals),
      fullUnitPriceMinor: minor(line.full_unit_price, lineDecimals),
      saleFeeMinor: minor(line.sale_fee, lineDecimals),
      listingTypeId: line.listing_type_id as string,
      currencyId: line.currency_id as string,
      manufacturingDays: line.manufacturing_days as number | null,
    };
  });
  const payments = (parse(row.payments_full) as Json[]).map((p): PaymentRecord => {
    const pd = ctx.decimals(p.currency_id as string);
    const m = (v: unknown) => minor(v, pd);
    return {
      id: p.id as number,
      payerId: p.payer_id as number,
      collectorId: (p.collector as Json).id as number,
      cardId: p.card_id as number | null,
      reason: p.reason as string,
      paymentMethodId: p.payment_method_id as string,
      paymentType: p.payment_type as string,
      operationType: p.operation_type as string,
      currencyId: p.currency_id as string,
      installments: p.installments as number,
      issuerId: p.issuer_id as string | null,
      atmTransferReference: p.atm_transfer_reference as PaymentRecord['atmTransferReference'],
      couponId: p.coupon_id as string | null,
      couponMinor: m(p.coupon_amount),
      activationUri: p.activation_uri as string | null,
      availableActions: p.available_actions as string[],
      status: p.status as string,
      statusCode: p.status_code as string | null,
      statusDetail: p.status_detail as string,
      transactionMinor: m(p.transaction_amount),
      taxesMinor: m(p.taxes_amount),
      shippingCostMinor: m(p.shipping_cost),
      overpaidMinor: m(p.overpaid_amount),
      totalPaidMinor: m(p.total_paid_amount),
      marketplaceFeeMinor: m(p.marketplace_fee),
      deferredPeriod: p.deferred_period as string | null,
      dateApproved: msOrNull(p.date_approved),
      dateCreated: ms(p.date_created),
      dateLastModified: ms(p.date_last_modified),
      authorizationCode: p.authorization_code as string | null,
      transactionOrderId: p.transaction_order_id as string | null,
    };
  });
  const mediations = (parse(row.mediations_doc) as Json[]).map(
    (m): MediationRecord => ({
      id: m.id as number,
      stage: m.stage as string,
      status: m.status as string,
      dateCreated: ms(m.date_created),
    }),
  );
  const context = doc.context as OrderRecord['context'];
  const taxes = doc.taxes as { amount: number | null; currency_id: string | null };
  const cancel = doc.cancel_detail as (Omit<NonNullable<OrderRecord['cancelDetail']>, 'date'> & Json) | null;
  const coupon = doc.coupon as { id: number | null; amount: number };
  return {
    id: doc.id as number,
    siteId: context.site,
    sellerId: Number(row.seller_id),
    buyerId: Number(row.buyer_id),
    status: doc.status as string,
    statusDetail: doc.status_detail as OrderRecord['statusDetail'],
    dateCreated: ms(doc.date_created),
    dateClosed: msOrNull(doc.date_closed),
    lastUpdated: ms(doc.last_updated),
    expirationDate: ms(doc.expiration_date),
    expired: Number(row.expired ?? 0) === 1,
    currencyId,
    items,
    totalMinor: minor(doc.total_amount),
    paidMinor: minor(doc.paid_amount),
    payments,
    context,
    shippingId: row.shipping_id === null ? null : Number(row.shipping_id),
    shippingCostMinor: doc.shipping_cost === null ? null : minor(doc.shipping_cost),
    tags: doc.tags as string[],
    taxes: {
      amountMinor:
        taxes.amount === null
          ? null
          : minor(taxes.amount, taxes.currency_id ? ctx.decimals(taxes.currency_id) : d),
      currencyId: taxes.currency_id,
    },
    cancelDetail: cancel
      ? {
          group: cancel.group,
          code: cancel.code,
          description: cancel.description,
          requested_by: cancel.requested_by,
          date: ms(cancel.date),
          application_id: cancel.application_id,
        }
      : null,
    fulfilled: doc.fulfilled as boolean | null,
    buyingMode: doc.buying_mode as string,
    comments: doc.comments as string | null,
    packId: doc.pack_id as number | null,
    pickupId: doc.pickup_id as number | null,
    coupon: { id: coupon.id, amountMinor: minor(coupon.amount) },
    applicationId: doc.application_id as string,
    hiddenForSeller: doc.hidden_for_seller as boolean,
    manufacturingEndingDate: msOrNull(doc.manufacturing_ending_date),
    feedback,
    mediations,
  };
}
