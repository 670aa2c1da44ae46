import { type Insertable, type Kysely, sql } from 'kysely';
import { createIndexes, dropIndexes } from '../db/migrations/0001-orders.ts';
import type { Database } from '../db/schema.ts';

// Both stores accept well over this many bound parameters in one statement (SQLite 32766, PostgreSQL 65535).
const MAX_PARAMETERS = 30_000;

/** Bulk loading for the seed: multi-row inserts sized to the store's parameter limit. */
export function createSeedRepository(db: Kysely<Database>) {
  async function insertMany<T extends keyof Database>(table: T, rows: Insertable<Database[T]>[]) {
    if (rows.length === 0) return;
    const perRow = Object.keys(rows[0] as object).length;
    const chunk = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
    for (let i = 0; i < rows.length; i += chunk) {
      // Kysely cannot narrow the insert type of a generic table name; the rows are typed by the caller.
      const values = rows.slice(i, i + chunk) as Parameters<ReturnType<typeof db.insertInto<T>>['values']>[0];
      await db.insertInto(table).values(values).execute();
    }
  }

  return {
    insertMany,
    dropOrderIndexes: () => dropIndexes(db as Kysely<unknown>),
    createOrderIndexes: () => createIndexes(db as Kysely<unknown>),
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
