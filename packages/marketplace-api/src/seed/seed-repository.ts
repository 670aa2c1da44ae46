import { type Insertable, type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import { createIndexes, dropIndexes } from '../db/migrations/0001-orders.ts';
import { type Precompiled, precompiled } from '../db/precompiled.ts';
import type { Database } from '../db/schema.ts';

// Both stores accept well over this many bound parameters in one statement (SQLite 32766, PostgreSQL 65535).
const MAX_PARAMETERS = 30_000;

/**
 * Bulk loading for the seed: multi-row inserts sized to the store's parameter limit, each shape (table, columns,
 * row count) compiled once, so a million rows cost their binding and writing rather than query building.
 */
export function createSeedRepository(db: Kysely<Database>) {
  const shapes = new Map<string, Precompiled<unknown>>();

  async function insertMany<T extends keyof Database>(table: T, rows: Insertable<Database[T]>[]) {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0] as object);
    const chunk = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
    // Full chunks, then the rest in power-of-two pieces: a handful of shapes to compile, whatever the row count.
    for (let i = 0; i < rows.length; ) {
      const left = rows.length - i;
      const size = left >= chunk ? chunk : 2 ** Math.floor(Math.log2(left));
      const slice = rows.slice(i, i + size) as Record<string, unknown>[];
      i += size;
      const key = `${table}:${columns.join(',')}:${slice.length}`;
      let insert = shapes.get(key);
      if (!insert) {
        insert = precompiled(db, (db, param) =>
          db.insertInto(table).values(
            // Kysely cannot narrow the insert type of a generic table name; the rows are typed by the caller.
            slice.map((_, r) =>
              Object.fromEntries(columns.map((c, k) => [c, param(r * columns.length + k)])),
            ) as unknown as Parameters<ReturnType<typeof db.insertInto<T>>['values']>[0],
          ),
        );
        shapes.set(key, insert);
      }
      const values = new Array<unknown>(slice.length * columns.length);
      let k = 0;
      for (const row of slice) for (const c of columns) values[k++] = row[c];
      await insert(...values);
    }
  }

  return {
    insertMany,
    dropOrderIndexes: () => dropIndexes(db as Kysely<unknown>),
    async createOrderIndexes() {
      // PostgreSQL sorts each index in memory rather than in temporary files when given room (this transaction only).
      if (isPostgres(db)) await sql`set local maintenance_work_mem = '512MB'`.execute(db);
      await createIndexes(db as Kysely<unknown>);
    },
    /** How long the seed command took, kept with the data for the benchmark's report. */
    async recordSeedSeconds(seconds: number) {
      await db
        .insertInto('store_meta')
        .values({ key: 'seed_seconds', value: seconds.toFixed(1) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: seconds.toFixed(1) }))
        .execute();
    },
    async seedSeconds(): Promise<number | undefined> {
      const row = await db
        .selectFrom('store_meta')
        .select('value')
        .where('key', '=', 'seed_seconds')
        .executeTakeFirst();
      return row ? Number(row.value) : undefined;
    },
    /** Fresh planner statistics after a bulk load (PostgreSQL; SQLite plans from its indexes alone). */
    async analyze() {
      if (isPostgres(db)) await sql`analyze`.execute(db);
    },
    async isEmpty(): Promise<boolean> {
      const row = await db.selectFrom('users').select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
      return row === undefined;
    },
    async setSellerReputation(rows: { id: number; seller_reputation: string }[]) {
      for (const r of rows) {
        await db
          .updateTable('users')
          .set({ seller_reputation: r.seller_reputation })
          .where('id', '=', r.id)
          .execute();
      }
    },
    /** Tens of thousands of buyers: one `case` update per 500 rows instead of a statement each. */
    async setBuyerReputation(rows: { id: number; buyer_reputation: string }[]) {
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        const cases = sql.join(
          chunk.map((r) => sql`when ${r.id} then ${r.buyer_reputation}`),
          sql` `,
        );
        await db
          .updateTable('users')
          .set({ buyer_reputation: sql<string>`case ${sql.ref('id')} ${cases} end` })
          .where(
            'id',
            'in',
            chunk.map((r) => r.id),
          )
          .execute();
      }
    },
  };
}
