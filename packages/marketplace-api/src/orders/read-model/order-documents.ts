import type { OrderQuery, OrderReadRow, OrderRef, OrderRepository } from '../order-repository.ts';
import { createAnswerCache } from './answer-cache.ts';

interface Entry {
  row: OrderReadRow;
  /** The store's change count when the row was last known current; -1 when never (decision 0087). */
  verifiedAt: number;
  /** When it was last put or moved to the newest end (see `touch`). */
  stamp: number;
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
  // Puts and moves so far: an entry's age is how many happened since its own.
  let clock = 0;
  // Least recently used out first, nearly: a read entry moves to the newest end only once it has drifted into the
  // older half, so one read again and again is not moved on every read (decision 0210).
  const touch = (id: number, entry: Entry) => {
    if (clock - entry.stamp <= entries.size >> 1) return;
    entries.delete(id);
    entry.stamp = ++clock;
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
      entries.set(id, { row, verifiedAt: changeCount ?? -1, stamp: ++clock });
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

/**
 * Order documents as reads need them: current ones from memory, the rest from the store; pages and totals of searches
 * asked again while nothing was committed are reused (decision 0087). `at` is the store's change count read in this
 * turn, undefined where the store keeps none.
 */
export function createOrderDocuments(orders: OrderRepository, options: { cacheBytes?: number } = {}) {
  const cache = createOrderCache(options.cacheBytes ?? 64 * 1024 * 1024);
  // Pages and totals of recent searches, each with the change count it was found at.
  const pages = createAnswerCache<OrderRef[]>({ entries: 1000 });
  const totals = createAnswerCache<number>({ entries: 1000 });

  /** The documents of the given orders, in that order: current ones from memory, the rest from the store. */
  async function documents(refs: OrderRef[], at: number | undefined): Promise<OrderReadRow[]> {
    const found = new Map<number, OrderReadRow>();
    const missing: number[] = [];
    for (const ref of refs) {
      const hit = cache.get(Number(ref.id), Number(ref.version), at);
      if (hit) found.set(Number(ref.id), hit);
      else missing.push(Number(ref.id));
    }
    if (missing.length > 0) {
      for (const row of await orders.documentsOf(missing)) {
        cache.put(row, at);
        found.set(Number(row.id), row);
      }
    }
    return refs.flatMap((ref) => found.get(Number(ref.id)) ?? []);
  }

  return {
    /**
     * One order's document: at once, without a query, while it was confirmed at this same change count (nothing
     * committed since); else once the store answers.
     */
    find(id: number, at: number | undefined): OrderReadRow | undefined | Promise<OrderReadRow | undefined> {
      const unchanged = at === undefined ? undefined : cache.unchangedSince(id, at);
      if (unchanged) return unchanged;
      return orders.versionOf(id).then(async (refs) => (await documents(refs, at))[0]);
    },
    /** One order's document at the version given (read by the caller): from memory when it is there. */
    async at(refs: OrderRef[]): Promise<OrderReadRow | undefined> {
      return (await documents(refs, undefined))[0];
    },
    async search(q: OrderQuery, at: number | undefined): Promise<OrderReadRow[]> {
      const refs = await pages.through(
        () => JSON.stringify(q),
        at,
        () => orders.page(q),
      );
      return documents(refs, at);
    },
    count(q: OrderQuery, at: number | undefined): Promise<number> {
      const { offset: _offset, limit: _limit, sort: _sort, ...filtered } = q;
      return totals.through(
        () => JSON.stringify(filtered),
        at,
        () => orders.count(q),
      );
    },
  };
}
