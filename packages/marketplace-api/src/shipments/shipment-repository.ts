import type { DeliveryState, EvidenceKind, SellerNoticeChannel } from '@mostrador/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DeliveryRecord } from '../domain/delivery.ts';
import type { RenderContext } from '../domain/order-record.ts';
import { isoAt } from '../domain/time.ts';

/** The platform's shipping service; me1, custom and not_specified are deliveries the seller arranges. */
export const PLATFORM_MODE = 'me2';

/** The shipment status and substatus the platform shows for each delivery state (decision 0091). */
const STATUS_OF: Record<DeliveryState, [string, string | null] | null> = {
  not_platform_shipping: null,
  label_not_printed: ['ready_to_ship', 'ready_to_print'],
  label_printed: ['ready_to_ship', 'printed'],
  shipped: ['shipped', null],
  delivered: ['delivered', null],
  not_delivered: ['not_delivered', null],
  returning: ['not_delivered', 'returning_to_sender'],
  returned: ['not_delivered', 'returned'],
  cancelled: ['cancelled', null],
};

type Db = Kysely<Database>;

export function deliveryRecord(row: {
  id: number;
  mode: string;
  delivery_state?: string;
  evidence_kind?: string | null;
  evidence_reference?: string | null;
  evidence_at?: number | string | null;
  doc: string;
}): DeliveryRecord {
  const tracking = (JSON.parse(row.doc) as { tracking_number?: string | null }).tracking_number ?? null;
  return {
    shipmentId: Number(row.id),
    platformShipping: row.mode === PLATFORM_MODE,
    state: (row.delivery_state ?? 'not_platform_shipping') as DeliveryState,
    evidence:
      row.evidence_kind && row.evidence_reference && row.evidence_at != null
        ? {
            kind: row.evidence_kind as EvidenceKind,
            reference: row.evidence_reference,
            at: Number(row.evidence_at),
          }
        : null,
    trackingNumber: tracking,
  };
}

export async function loadDelivery(db: Db, shipmentId: number): Promise<DeliveryRecord> {
  const row = await db
    .selectFrom('shipments')
    .select(['id', 'mode', 'delivery_state', 'evidence_kind', 'evidence_reference', 'evidence_at', 'doc'])
    .where('id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  return deliveryRecord(row);
}

/** Stores a delivery's new state: the columns, and the document's status, substatus and last update with it. */
export async function saveDelivery(
  db: Db,
  before: DeliveryRecord,
  after: DeliveryRecord,
  now: number,
  ctx: Pick<RenderContext, 'offsetMinutes'>,
) {
  if (after.shipmentId === null) return;
  const row = await db
    .selectFrom('shipments')
    .select('doc')
    .where('id', '=', after.shipmentId)
    .executeTakeFirstOrThrow();
  const doc = JSON.parse(row.doc) as Record<string, unknown> & { tags?: string[] };
  const status = STATUS_OF[after.state];
  if (status) [doc.status, doc.substatus] = status;
  doc.last_updated = isoAt(now, ctx.offsetMinutes);
  if (after.state === 'delivered' && !doc.tags?.includes('delivered'))
    doc.tags = [...(doc.tags ?? []), 'delivered'];
  await db
    .updateTable('shipments')
    .set({
      delivery_state: after.state,
      evidence_kind: after.evidence?.kind ?? null,
      evidence_reference: after.evidence?.reference ?? null,
      evidence_at: after.evidence?.at ?? null,
      status: String(doc.status),
      last_updated: now,
      doc: JSON.stringify(doc),
    })
    .where('id', '=', after.shipmentId)
    .where('delivery_state', '=', before.state)
    .execute();
}

/**
 * How a seller is told of an outcome on its own deliveries: by e-mail when the account has one, else by phone.
 * Only whether the sealed value exists is read; the address or number is neither opened nor copied.
 */
export async function sellerChannel(db: Db, sellerId: number): Promise<SellerNoticeChannel> {
  const user = await db
    .selectFrom('users')
    .select(['email_enc', 'phone_enc'])
    .where('id', '=', sellerId)
    .executeTakeFirst();
  if (user?.email_enc) return 'email';
  return user?.phone_enc ? 'phone' : 'notification';
}

export function createShipmentRepository(db: Db) {
  return {
    async find(id: number) {
      return db
        .selectFrom('shipments')
        .innerJoin('orders', 'orders.id', 'shipments.order_id')
        .innerJoin('sites', 'sites.id', 'orders.site_id')
        .select([
          'shipments.id',
          'shipments.order_id',
          'shipments.seller_id',
          'shipments.buyer_id',
          'shipments.mode',
          'shipments.doc',
          'shipments.delivery_state',
          'shipments.evidence_kind',
          'shipments.evidence_reference',
          'shipments.evidence_at',
          'sites.utc_offset_minutes',
        ])
        .where('shipments.id', '=', id)
        .executeTakeFirst();
    },

    /** The seller's notices of one order, oldest first. */
    async notices(orderId: number) {
      return db
        .selectFrom('seller_notices')
        .select(['channel', 'trigger', 'delivery_case', 'outcome', 'created_at'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
    },
  };
}

export type ShipmentRepository = ReturnType<typeof createShipmentRepository>;
