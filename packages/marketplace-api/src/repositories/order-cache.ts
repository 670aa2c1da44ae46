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

interface Entry {
  row: OrderReadRow;
  /** The store's change count when the row was last known current; -1 when never (decision 0087). */
  verifiedAt: number;
}

/**
 * Stored order documents kept in memory by id and version. The version of every order a read needs comes from the
 * database (from the index, for searches), so an entry serves only while it is current: a write by this process,
 * another process or another server makes it miss. Where the store counts changes (`Store.changeCount`), an entry
 * also remembers the count at which it was last confirmed, and serves without asking for the version while the
 * count stays the same, that is while nothing at all was committed. Bounded by bytes, least recently used out first.
 */
export function createOrderCache(maxBytes: number) {
  const entries = new Map<number, Entry>();
  let bytes = 0;
  const sizeOf = (r: OrderReadRow) =>
    200 +
    r.doc.length +
    r.payments_full.length +
    r.payments_short.length +
    r.feedback_doc.length +
    r.mediations_doc.length;
  const touch = (id: number, entry: Entry) => {
    entries.delete(id);
    entries.set(id, entry);
  };

  return {
    /** The cached row when it is at `version`, confirmed current at `changeCount` when one is given. */
    get(id: number, version: number, changeCount?: number): OrderReadRow | undefined {
      const hit = entries.get(id);
      if (!hit || Number(hit.row.version) !== version) return undefined;
      if (changeCount !== undefined) hit.verifiedAt = changeCount;
      touch(id, hit);
      return hit.row;
    },
    /** The cached row when it was confirmed current at this very change count: nothing committed since. */
    unchangedSince(id: number, changeCount: number): OrderReadRow | undefined {
      const hit = entries.get(id);
      if (!hit || hit.verifiedAt !== changeCount) return undefined;
      touch(id, hit);
      return hit.row;
    },
    put(row: OrderReadRow, changeCount?: number) {
      if (maxBytes <= 0) return;
      const id = Number(row.id);
      const old = entries.get(id);
      if (old) {
        bytes -= sizeOf(old.row);
        entries.delete(id);
      }
      entries.set(id, { row, verifiedAt: changeCount ?? -1 });
      bytes += sizeOf(row);
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= sizeOf(entry.row);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export type OrderCache = ReturnType<typeof createOrderCache>;
