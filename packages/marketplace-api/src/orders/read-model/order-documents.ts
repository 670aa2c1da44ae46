import { VersionedCache } from '@mostrador/server-kit/store';
import { LRUCache } from 'lru-cache';
import type { OrderQuery, OrderReadRow, OrderRef, OrderRepository } from '../order-repository.ts';

interface Entry {
  row: OrderReadRow;
  /** The store's change sequence when the row was last known current (decision 0240). */
  at: number;
}

const sizeOf = (r: OrderReadRow) =>
  200 +
  r.doc.length +
  r.payments_full.length +
  r.payments_short.length +
  r.feedback_doc.length +
  r.mediations_doc.length;

/**
 * Order documents as reads need them (decision 0003): kept in memory by id with the version of the row they were read
 * from and the change sequence at which that version was last confirmed. A request that read the same sequence takes
 * the row without a query; after any change it asks the store for the versions it needs (from the index, for
 * searches) and reads again only the orders whose version moved. Pages and totals of searches are kept per sequence.
 */
export function createOrderDocuments(orders: OrderRepository, options: { cacheBytes?: number } = {}) {
  const rows = new LRUCache<number, Entry>({
    maxSize: options.cacheBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry) => sizeOf(entry.row),
  });
  const pages = new VersionedCache<string, OrderRef[]>({ entries: 1000 });
  const totals = new VersionedCache<string, number>({ entries: 1000 });

  /** The documents of the given orders, in that order: current ones from memory, the rest from the store. */
  async function documents(refs: OrderRef[], at: number): Promise<OrderReadRow[]> {
    const found = new Map<number, OrderReadRow>();
    const missing: number[] = [];
    for (const ref of refs) {
      const id = Number(ref.id);
      const hit = rows.get(id);
      if (hit && Number(hit.row.version) === Number(ref.version)) {
        hit.at = at;
        found.set(id, hit.row);
      } else missing.push(id);
    }
    if (missing.length > 0) {
      for (const row of await orders.documentsOf(missing)) {
        rows.set(Number(row.id), { row, at });
        found.set(Number(row.id), row);
      }
    }
    return refs.flatMap((ref) => found.get(Number(ref.id)) ?? []);
  }

  return {
    /** One order's document, as of the change sequence `at`; undefined when there is no such order. */
    async find(id: number, at: number): Promise<OrderReadRow | undefined> {
      const hit = rows.get(id);
      if (hit?.at === at) return hit.row;
      return (await documents(await orders.versionOf(id), at))[0];
    },
    async search(q: OrderQuery, at: number): Promise<OrderReadRow[]> {
      const refs = await pages.through(JSON.stringify(q), at, () => orders.page(q));
      return documents(refs, at);
    },
    count(q: OrderQuery, at: number): Promise<number> {
      const { offset: _offset, limit: _limit, sort: _sort, ...filtered } = q;
      return totals.through(JSON.stringify(filtered), at, () => orders.count(q));
    },
  };
}
