import { type CommitGroup, directCommits } from '@mostrador/server-kit/store';
import { type Kysely, sql } from 'kysely';
import type {
  BffDatabase,
  BffSellerDayLinesTable,
  BffSellerDayOrdersTable,
  BffSellerDaySellersTable,
} from '../db/schema.ts';

export type SellerState = BffSellerDaySellersTable;
type OrderFlag = 'to_ship' | 'fraud_open' | 'unrated' | 'mediation_open' | 'at_risk';

export interface ProjectedRows {
  row: BffSellerDayOrdersTable;
  lines: BffSellerDayLinesTable[];
  utcOffset: string;
}

/** One day and status of a range: how many orders, and what they add up to. */
export interface DayStatusTotals {
  day: string;
  status: string;
  orders: number;
  sales: number;
  gross_cents: number;
  receives_cents: number;
  units: number;
  cancelled: number;
  fraud: number;
  ratings: number;
  positive: number;
}

export interface ProductTotals {
  item_id: string;
  title: string;
  units: number;
  revenue_cents: number;
}

const ENTRY_COLUMNS = [
  'order_id',
  'buyer_nickname',
  'title',
  'units',
  'date_created',
  'total_cents',
  'currency_id',
  'status',
  'feedback_date',
  'reply_due_until',
  'shipment_state',
  'missing_evidence',
  'mediation_stage',
] as const;
export type EntryRow = Pick<BffSellerDayOrdersTable, (typeof ENTRY_COLUMNS)[number]>;

const num = (value: unknown) => Number(value ?? 0);

/** Every SQL of the seller's-day projection (decision 0281). */
export function createSellerDayRepository(db: Kysely<BffDatabase>, group?: CommitGroup<BffDatabase>) {
  // The store's commit group, or a transaction of its own per write without one.
  const commits = group ?? directCommits(db);

  const normalise = (row: SellerState): SellerState => ({
    ...row,
    seller_id: Number(row.seller_id),
    fill_from: row.fill_from === null ? null : Number(row.fill_from),
    synced_to: row.synced_to === null ? null : Number(row.synced_to),
    as_of: row.as_of === null ? null : Number(row.as_of),
    lease_until: row.lease_until === null ? null : Number(row.lease_until),
  });

  return {
    async seller(sellerId: number): Promise<SellerState | undefined> {
      const row = await db
        .selectFrom('bff_seller_day_sellers')
        .selectAll()
        .where('seller_id', '=', sellerId)
        .executeTakeFirst();
      return row ? normalise(row) : undefined;
    },

    async sellers(): Promise<SellerState[]> {
      const rows = await db.selectFrom('bff_seller_day_sellers').selectAll().execute();
      return rows.map(normalise);
    },

    /**
     * Starts a seller's projection at `at`: its fill reads every order, and the catch-up after it every change from
     * `at` on. Answers false when it had started already.
     */
    async start(sellerId: number, at: number): Promise<boolean> {
      return commits.run(async (trx) => {
        const done = await trx
          .insertInto('bff_seller_day_sellers')
          .values({
            seller_id: sellerId,
            state: 'filling',
            fill_from: 0,
            synced_to: at,
            as_of: null,
            lease_owner: null,
            lease_until: null,
            currency_id: null,
            utc_offset: null,
          })
          .onConflict((oc) => oc.column('seller_id').doNothing())
          .executeTakeFirst();
        return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
      });
    },

    /**
     * Takes the seller's turn to fill or catch up, when nobody holds it or its holder's lease ran out: one instance
     * at a time reads the seller's orders. Answers the seller's state when the turn is this owner's.
     */
    async claim(sellerId: number, owner: string, at: number, leaseMs: number): Promise<SellerState | null> {
      return commits.run(async (trx) => {
        const taken = await trx
          .updateTable('bff_seller_day_sellers')
          .set({ lease_owner: owner, lease_until: at + leaseMs })
          .where('seller_id', '=', sellerId)
          .where((eb) =>
            eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at), eb('lease_owner', '=', owner)]),
          )
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) return null;
        const row = await trx
          .selectFrom('bff_seller_day_sellers')
          .selectAll()
          .where('seller_id', '=', sellerId)
          .executeTakeFirstOrThrow();
        return normalise(row);
      });
    },

    /** Records progress while the turn is still the owner's (and extends it); false when it was lost. */
    async advance(
      sellerId: number,
      owner: string,
      patch: Partial<Pick<SellerState, 'state' | 'fill_from' | 'synced_to' | 'as_of'>>,
      leaseUntil: number | null,
    ): Promise<boolean> {
      return commits.run(async (trx) => {
        const done = await trx
          .updateTable('bff_seller_day_sellers')
          .set({
            ...patch,
            lease_until: leaseUntil,
            ...(leaseUntil === null ? { lease_owner: null } : {}),
          })
          .where('seller_id', '=', sellerId)
          .where('lease_owner', '=', owner)
          .executeTakeFirst();
        return Number(done.numUpdatedRows) > 0;
      });
    },

    /**
     * Writes orders of projected sellers: an order already written from a later change stays as it is, so a fill
     * that read an old page never undoes a notification's newer read. Orders of sellers not projected are skipped.
     */
    async writeOrders(orders: readonly ProjectedRows[]): Promise<void> {
      if (orders.length === 0) return;
      await commits.run(async (trx) => {
        const sellerIds = [...new Set(orders.map((o) => o.row.seller_id))];
        const sellers = await trx
          .selectFrom('bff_seller_day_sellers')
          .select(['seller_id', 'currency_id'])
          .where('seller_id', 'in', sellerIds)
          .execute();
        const known = new Map(sellers.map((s) => [Number(s.seller_id), s.currency_id]));
        const ids = orders.map((o) => o.row.order_id);
        const current = await trx
          .selectFrom('bff_seller_day_orders')
          .select(['order_id', 'last_updated'])
          .where('order_id', 'in', ids)
          .execute();
        const stored = new Map(current.map((c) => [Number(c.order_id), Number(c.last_updated)]));
        // The latest read of each order, once (one statement may not write a row twice).
        const latest = new Map<number, ProjectedRows>();
        for (const o of orders) {
          const seen = latest.get(o.row.order_id);
          if (!seen || seen.row.last_updated <= o.row.last_updated) latest.set(o.row.order_id, o);
        }
        const fresh = [...latest.values()].filter(
          (o) => known.has(o.row.seller_id) && (stored.get(o.row.order_id) ?? -1) <= o.row.last_updated,
        );
        if (fresh.length === 0) return;
        const { order_id: _id, ...updatable } = fresh[0]!.row;
        const columns = Object.keys(updatable) as (keyof typeof updatable)[];
        await trx
          .insertInto('bff_seller_day_orders')
          .values(fresh.map((o) => o.row))
          .onConflict((oc) =>
            oc
              .column('order_id')
              .doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)]))),
          )
          .execute();
        await trx
          .deleteFrom('bff_seller_day_lines')
          .where(
            'order_id',
            'in',
            fresh.map((o) => o.row.order_id),
          )
          .execute();
        const lines = fresh.flatMap((o) => o.lines);
        if (lines.length > 0) await trx.insertInto('bff_seller_day_lines').values(lines).execute();
        for (const o of fresh) {
          if (known.get(o.row.seller_id) !== null) continue;
          known.set(o.row.seller_id, o.row.currency_id);
          await trx
            .updateTable('bff_seller_day_sellers')
            .set({ currency_id: o.row.currency_id, utc_offset: o.utcOffset })
            .where('seller_id', '=', o.row.seller_id)
            .execute();
        }
      });
    },

    /** Forgets the seller's orders created before `cutoff` (the marketplace keeps twelve months of them). */
    async forgetBefore(sellerId: number, cutoff: number): Promise<void> {
      await commits.run(async (trx) => {
        await trx
          .deleteFrom('bff_seller_day_lines')
          .where('seller_id', '=', sellerId)
          .where('date_created', '<', cutoff)
          .execute();
        await trx
          .deleteFrom('bff_seller_day_orders')
          .where('seller_id', '=', sellerId)
          .where('date_created', '<', cutoff)
          .execute();
      });
    },

    async queueCount(sellerId: number, flag: OrderFlag): Promise<number> {
      const row = await db
        .selectFrom('bff_seller_day_orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('seller_id', '=', sellerId)
        .where(flag, '=', 1)
        .executeTakeFirst();
      return num(row?.n);
    },

    async queueEntries(sellerId: number, flag: OrderFlag, limit: number): Promise<EntryRow[]> {
      return db
        .selectFrom('bff_seller_day_orders')
        .select(ENTRY_COLUMNS)
        .where('seller_id', '=', sellerId)
        .where(flag, '=', 1)
        .orderBy('date_created')
        .orderBy('order_id')
        .limit(limit)
        .execute();
    },

    async repliesDueCount(sellerId: number, at: number): Promise<number> {
      const row = await db
        .selectFrom('bff_seller_day_orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('seller_id', '=', sellerId)
        .where('reply_due_until', '>', at)
        .executeTakeFirst();
      return num(row?.n);
    },

    async repliesDue(sellerId: number, at: number, limit: number): Promise<EntryRow[]> {
      return db
        .selectFrom('bff_seller_day_orders')
        .select(ENTRY_COLUMNS)
        .where('seller_id', '=', sellerId)
        .where('reply_due_until', '>', at)
        .orderBy('reply_due_until')
        .orderBy('order_id')
        .limit(limit)
        .execute();
    },

    /** The orders created in [from, to) by calendar day and status, added up in the database. */
    async totalsByDayAndStatus(sellerId: number, from: number, to: number): Promise<DayStatusTotals[]> {
      const rows = await db
        .selectFrom('bff_seller_day_orders')
        .select((eb) => [
          'day',
          'status',
          eb.fn.countAll().as('orders'),
          eb.fn.sum('sale').as('sales'),
          sql<string>`sum(case when sale = 1 then total_cents else 0 end)`.as('gross_cents'),
          eb.fn.sum('receives_cents').as('receives_cents'),
          sql<string>`sum(case when sale = 1 then units else 0 end)`.as('units'),
          eb.fn.sum('cancelled').as('cancelled'),
          eb.fn.sum('fraud').as('fraud'),
          eb.fn.count('purchase_rating').as('ratings'),
          sql<string>`sum(case when purchase_rating = 'positive' then 1 else 0 end)`.as('positive'),
        ])
        .where('seller_id', '=', sellerId)
        .where('date_created', '>=', from)
        .where('date_created', '<', to)
        .groupBy(['day', 'status'])
        .execute();
      return rows.map((r) => ({
        day: r.day,
        status: r.status,
        orders: num(r.orders),
        sales: num(r.sales),
        gross_cents: num(r.gross_cents),
        receives_cents: num(r.receives_cents),
        units: num(r.units),
        cancelled: num(r.cancelled),
        fraud: num(r.fraud),
        ratings: num(r.ratings),
        positive: num(r.positive),
      }));
    },

    /** The products of the sales created in [from, to), by revenue. */
    async topProducts(sellerId: number, from: number, to: number, limit: number): Promise<ProductTotals[]> {
      const rows = await db
        .selectFrom('bff_seller_day_lines')
        .select((eb) => [
          'item_id',
          eb.fn.max('title').as('title'),
          eb.fn.sum('quantity').as('units'),
          eb.fn.sum('revenue_cents').as('revenue_cents'),
        ])
        .where('seller_id', '=', sellerId)
        .where('sale', '=', 1)
        .where('date_created', '>=', from)
        .where('date_created', '<', to)
        .groupBy('item_id')
        .orderBy('revenue_cents', 'desc')
        .orderBy('item_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        item_id: r.item_id,
        title: String(r.title),
        units: num(r.units),
        revenue_cents: num(r.revenue_cents),
      }));
    },
  };
}

export type SellerDayRepository = ReturnType<typeof createSellerDayRepository>;
