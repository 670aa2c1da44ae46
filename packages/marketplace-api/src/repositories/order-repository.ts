import {
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
} from 'kysely';
import { precompiled } from '../db/precompiled.ts';
import type { Database } from '../db/schema.ts';
import type { SnapshotRead } from '../db/store.ts';
import { createAnswerCache } from './answer-cache.ts';
import { createOrderCache, ORDER_READ_COLUMNS, type OrderReadRow } from './order-cache.ts';

export type { OrderReadRow };

type OrderRef = { id: number; version: number };

import {
  type FeedbackRecord,
  feedbackStatus,
  jsonBytes,
  renderFeedback,
  searchFold,
} from '../domain/order-record.ts';
import { isoAt } from '../domain/time.ts';

export type Side = 'seller' | 'buyer';

export interface OrderQuery {
  side: Side;
  userId: number;
  statuses?: string[];
  tags?: string[];
  tagsNot?: string[];
  item?: string;
  q?: string;
  dateCreated?: { from?: number; to?: number };
  dateClosed?: { from?: number; to?: number };
  dateLastUpdated?: { from?: number; to?: number };
  mediationStages?: string[];
  mediationStatuses?: string[];
  feedbackStatuses?: string[];
  saleRatings?: string[];
  purchaseRatings?: string[];
  saleFulfilled?: boolean;
  purchaseFulfilled?: boolean;
  /** Rows of spec 1's delivery table (our extension `delivery.case`, decision 0093). */
  deliveryCases?: string[];
  sort: 'date_asc' | 'date_desc';
  offset: number;
  limit: number;
}

/** Statuses the seller side leaves out unless asked for by name (spec 3). */
export const HIDDEN_FROM_SELLER = ['cancelled', 'manually_cancelled'];

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const contains = (s: string) => `%${likeEscape(s)}%`;

type Eb = ExpressionBuilder<Database, 'orders'>;

function filters(eb: Eb, q: OrderQuery): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [eb(q.side === 'seller' ? 'seller_id' : 'buyer_id', '=', q.userId)];
  if (q.statuses?.length) where.push(eb('status', 'in', q.statuses));
  else if (q.side === 'seller') where.push(eb('status', 'not in', HIDDEN_FROM_SELLER));
  // Tags and search text are stored lower-cased and compared lower-cased: SQLite's LIKE ignores ASCII case and
  // PostgreSQL's does not, so folding the query keeps both stores answering alike.
  for (const tag of q.tags ?? [])
    where.push(sql<SqlBool>`tags like ${contains(`,${tag.toLowerCase()},`)} escape '\\'`);
  for (const tag of q.tagsNot ?? [])
    where.push(sql<SqlBool>`tags not like ${contains(`,${tag.toLowerCase()},`)} escape '\\'`);
  const range = (
    column: 'date_created' | 'date_closed' | 'last_updated',
    r?: { from?: number; to?: number },
  ) => {
    if (r?.from !== undefined) where.push(eb(column, '>=', r.from));
    if (r?.to !== undefined) where.push(eb(column, '<=', r.to));
  };
  range('date_created', q.dateCreated);
  range('date_closed', q.dateClosed);
  range('last_updated', q.dateLastUpdated);
  if (q.item !== undefined)
    where.push(sql<SqlBool>`search_text like ${contains(searchFold(q.item))} escape '\\'`);
  if (q.q !== undefined) {
    const folded = searchFold(q.q);
    const counterpart = q.side === 'seller' ? 'buyer_id' : 'seller_id';
    const any: Expression<SqlBool>[] = [
      sql<SqlBool>`search_text like ${contains(folded)} escape '\\'`,
      eb(
        counterpart,
        'in',
        eb
          .selectFrom('users')
          .select('users.id')
          .where(sql<SqlBool>`lower(users.nickname) like ${contains(folded)} escape '\\'`),
      ),
    ];
    if (/^\d{1,16}$/.test(q.q)) any.push(eb('orders.id', '=', Number(q.q)));
    where.push(eb.or(any));
  }
  if (q.mediationStages?.length) where.push(eb('mediation_stage', 'in', q.mediationStages));
  if (q.mediationStatuses?.length) where.push(eb('mediation_status', 'in', q.mediationStatuses));
  if (q.feedbackStatuses?.length) where.push(eb('feedback_status', 'in', q.feedbackStatuses));
  if (q.saleRatings?.length) where.push(eb('feedback_sale_rating', 'in', q.saleRatings));
  if (q.purchaseRatings?.length) where.push(eb('feedback_purchase_rating', 'in', q.purchaseRatings));
  if (q.saleFulfilled !== undefined) where.push(eb('feedback_sale_fulfilled', '=', Number(q.saleFulfilled)));
  if (q.purchaseFulfilled !== undefined)
    where.push(eb('feedback_purchase_fulfilled', '=', Number(q.purchaseFulfilled)));
  if (q.deliveryCases?.length) where.push(eb('delivery_case', 'in', q.deliveryCases));
  return where;
}

/** True when the only filter is the side (and maybe statuses): the total comes from the kept counters. */
function countableFromCounters(q: OrderQuery): boolean {
  return (
    !q.tags?.length &&
    !q.tagsNot?.length &&
    !q.item &&
    !q.q &&
    !q.dateCreated &&
    !q.dateClosed &&
    !q.dateLastUpdated &&
    !q.mediationStages?.length &&
    !q.mediationStatuses?.length &&
    !q.feedbackStatuses?.length &&
    !q.saleRatings?.length &&
    !q.purchaseRatings?.length &&
    q.saleFulfilled === undefined &&
    q.purchaseFulfilled === undefined &&
    !q.deliveryCases?.length
  );
}

export interface OrderRepositoryOptions {
  /** Memory for order documents kept between reads; 0 turns the cache off. */
  cacheBytes?: number;
  /** The store's snapshot reader, for reads that need not queue behind writes. */
  read?: SnapshotRead;
}

export function createOrderRepository(db: Kysely<Database>, options: OrderRepositoryOptions = {}) {
  const cache = createOrderCache(options.cacheBytes ?? 64 * 1024 * 1024);
  // Pages and totals of recent searches, each with the change count it was found at (decision 0087).
  const pages = createAnswerCache<OrderRef[]>({ entries: 1000 });
  const totals = createAnswerCache<number>({ entries: 1000 });
  const findVersion = precompiled(
    db,
    (db, param) =>
      db
        .selectFrom('orders')
        .select(['id', 'version'])
        .where('id', '=', param(0) as number),
    options.read,
  );

  /** Runs a read on the snapshot reader when the store has one, else through Kysely. */
  async function all<R>(query: Compilable<R>): Promise<R[]> {
    const compiled = query.compile();
    if (options.read) return options.read<R>(compiled.sql, compiled.parameters);
    return (await db.executeQuery(compiled)).rows;
  }

  /** The documents of the given orders, in that order: current ones from memory, the rest from the store. */
  async function documents(
    refs: { id: number; version: number }[],
    changeCount?: number,
  ): Promise<OrderReadRow[]> {
    const found = new Map<number, OrderReadRow>();
    const missing: number[] = [];
    for (const ref of refs) {
      const hit = cache.get(Number(ref.id), Number(ref.version), changeCount);
      if (hit) found.set(Number(ref.id), hit);
      else missing.push(Number(ref.id));
    }
    if (missing.length > 0) {
      const rows = await all(db.selectFrom('orders').select(ORDER_READ_COLUMNS).where('id', 'in', missing));
      for (const row of rows) {
        cache.put(row, changeCount);
        found.set(Number(row.id), row);
      }
    }
    return refs.flatMap((ref) => found.get(Number(ref.id)) ?? []);
  }

  const reads = {
    /**
     * The stored document of one order and its members. With the store's change count read at the start of the
     * request (`Store.changeCount`), a document confirmed current at that same count is served without a query, and
     * without waiting.
     */
    findForRead(
      id: number,
      changeCount?: number,
    ): OrderReadRow | undefined | Promise<OrderReadRow | undefined> {
      const unchanged = changeCount === undefined ? undefined : cache.unchangedSince(id, changeCount);
      if (unchanged) return unchanged;
      return findVersion(id)
        .then((refs) => documents(refs, changeCount))
        .then((rows) => rows[0]);
    },

    async owners(id: number) {
      return db
        .selectFrom('orders')
        .select(['seller_id', 'buyer_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * A page of orders. With the store's change count read at the start of the request, a page asked for again
     * while nothing was committed reuses the ids and versions found the first time (decision 0087).
     */
    async search(q: OrderQuery, changeCount?: number): Promise<OrderReadRow[]> {
      const refs = await pages.through(
        () => JSON.stringify(q),
        changeCount,
        () => pageNow(q),
      );
      return documents(refs, changeCount);
    },

    /** The number of orders a search matches; reused like `search`'s page while nothing was committed. */
    count(q: OrderQuery, changeCount?: number): Promise<number> {
      const { offset: _offset, limit: _limit, sort: _sort, ...filtered } = q;
      return totals.through(
        () => JSON.stringify(filtered),
        changeCount,
        () => countNow(q),
      );
    },
  };

  function pageNow(q: OrderQuery): Promise<OrderRef[]> {
    const dir = q.sort === 'date_desc' ? 'desc' : 'asc';
    return all(
      db
        .selectFrom('orders')
        .select(['id', 'version'])
        .where((eb) => eb.and(filters(eb, q)))
        .orderBy('date_created', dir)
        .orderBy('id', dir)
        .limit(q.limit)
        .offset(q.offset),
    );
  }

  async function countNow(q: OrderQuery): Promise<number> {
    if (countableFromCounters(q)) {
      let counted = db
        .selectFrom('order_counts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('total'))
        .where('user_id', '=', q.userId)
        .where('side', '=', q.side);
      if (q.statuses?.length) counted = counted.where('status', 'in', q.statuses);
      else if (q.side === 'seller') counted = counted.where('status', 'not in', HIDDEN_FROM_SELLER);
      const row = await counted.executeTakeFirstOrThrow();
      return Number(row.total);
    }
    const row = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => eb.and(filters(eb, q)))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  return {
    ...reads,

    async product(id: number) {
      const row = await db
        .selectFrom('order_product')
        .select('attributes')
        .where('order_id', '=', id)
        .executeTakeFirst();
      return row?.attributes ?? '[]';
    },

    /**
     * Writes an order's feedback into its stored read model: the rendered member, the columns search filters on,
     * and both update times, so `GET /orders/{id}` and `/orders/search` show the change at once. Run it in the
     * transaction that changes the feedback table.
     */
    async updateFeedback(
      id: number,
      feedback: { sale: FeedbackRecord | null; purchase: FeedbackRecord | null },
      now: number,
    ): Promise<{ offsetMinutes: number }> {
      const row = await db
        .selectFrom('orders')
        .innerJoin('sites', 'sites.id', 'orders.site_id')
        .select(['orders.doc', 'sites.utc_offset_minutes'])
        .where('orders.id', '=', id)
        .executeTakeFirstOrThrow();
      const offset = row.utc_offset_minutes;
      const doc = JSON.parse(Buffer.from(row.doc).toString('utf8')) as Record<string, unknown>;
      doc.last_updated = isoAt(now, offset);
      doc.date_last_updated = isoAt(now, offset);
      await db
        .updateTable('orders')
        .set({
          feedback_doc: jsonBytes({
            purchase: renderFeedback(feedback.purchase, offset),
            sale: renderFeedback(feedback.sale, offset),
          }),
          feedback_status: feedbackStatus({ feedback }),
          feedback_sale_rating: feedback.sale?.rating ?? null,
          feedback_purchase_rating: feedback.purchase?.rating ?? null,
          feedback_sale_fulfilled: feedback.sale ? Number(feedback.sale.fulfilled) : null,
          feedback_purchase_fulfilled: feedback.purchase ? Number(feedback.purchase.fulfilled) : null,
          last_updated: now,
          version: (eb) => eb('version', '+', 1),
          doc: jsonBytes(doc),
        })
        .where('id', '=', id)
        .execute();
      return { offsetMinutes: offset };
    },

    async discounts(id: number) {
      const row = await db
        .selectFrom('order_discounts')
        .select('details')
        .where('order_id', '=', id)
        .executeTakeFirst();
      return row?.details ?? '[]';
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
