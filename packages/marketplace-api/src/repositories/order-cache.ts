import type { OrdersTable } from '../db/schema.ts';

export const ORDER_READ_COLUMNS = [
  'id',
  'version',
  'seller_id',
  'buyer_id',
  'status',
  'shipping_id',
  'doc',
  'payments_full',
  'payments_short',
  'feedback_doc',
  'mediations_doc',
] as const;

export type OrderReadRow = Pick<OrdersTable, (typeof ORDER_READ_COLUMNS)[number]>;

/**
 * Stored order documents kept in memory by id and version. The version of every order a read needs comes from the
 * database (from the index, for searches), so an entry serves only while it is current: a write by this process,
 * another process or another server makes it miss. Bounded by bytes, least recently used out first.
 */
export function createOrderCache(maxBytes: number) {
  const entries = new Map<number, OrderReadRow>();
  let bytes = 0;
  const sizeOf = (r: OrderReadRow) =>
    200 +
    r.doc.length +
    r.payments_full.length +
    r.payments_short.length +
    r.feedback_doc.length +
    r.mediations_doc.length;

  return {
    get(id: number, version: number): OrderReadRow | undefined {
      const hit = entries.get(id);
      if (!hit || Number(hit.version) !== version) return undefined;
      entries.delete(id);
      entries.set(id, hit);
      return hit;
    },
    put(row: OrderReadRow) {
      if (maxBytes <= 0) return;
      const id = Number(row.id);
      const old = entries.get(id);
      if (old) {
        bytes -= sizeOf(old);
        entries.delete(id);
      }
      entries.set(id, row);
      bytes += sizeOf(row);
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= sizeOf(entry);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export type OrderCache = ReturnType<typeof createOrderCache>;
