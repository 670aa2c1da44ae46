import { precompiled } from '@mostrador/server-kit/store';
import {
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
} from 'kysely';
import type { Database, OrdersTable } from '../db/schema.ts';
import type { SnapshotRead } from '../db/store.ts';

import {
  type FeedbackRecord,
  feedbackStatus,
  jsonBytes,
  renderFeedback,
  searchFold,
} from '../domain/order-record.ts';
import { isoAt } from '../domain/time.ts';

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

/** An order's stored document and members, as order reads join them. */
export type OrderReadRow = Pick<OrdersTable, (typeof ORDER_READ_COLUMNS)[number]>;

/** An order and the version of its stored document. */
export type OrderRef = { id: number; version: number };

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
  /** The store's snapshot reader, for reads that need not queue behind writes. */
  read?: SnapshotRead;
}

export function createOrderRepository(db: Kysely<Database>, options: OrderRepositoryOptions = {}) {
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

  const reads = {
    /** The id and version of one order: none when there is no such order. */
    versionOf: (id: number): Promise<OrderRef[]> => findVersion(id),

    /**
     * The stored documents of the given orders, in no particular order. Their ids and version are numbers, whatever
     * the driver gives (a BigInt, a string): they are read on every read of the order while it is cached.
     */
    async documentsOf(ids: number[]): Promise<OrderReadRow[]> {
      const rows = await all(db.selectFrom('orders').select(ORDER_READ_COLUMNS).where('id', 'in', ids));
      for (const row of rows) {
        row.id = Number(row.id);
        row.version = Number(row.version);
        row.seller_id = Number(row.seller_id);
        row.buyer_id = Number(row.buyer_id);
        if (row.shipping_id !== null) row.shipping_id = Number(row.shipping_id);
      }
      return rows;
    },

    async owners(id: number) {
      return db
        .selectFrom('orders')
        .select(['seller_id', 'buyer_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The ids and versions of a page of orders. */
    page: (q: OrderQuery): Promise<OrderRef[]> => pageNow(q),

    /** The number of orders a search matches. */
    count: (q: OrderQuery): Promise<number> => countNow(q),
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
