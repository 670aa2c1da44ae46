import { type Precompiled, precompiled } from '@mostrador/server-kit/store';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

// Both stores accept well over this many bound parameters in one statement (SQLite 32766, PostgreSQL 65535).
const MAX_PARAMETERS = 30_000;

/**
 * The seed's writes: multi-row inserts sized to the store's parameter limit, each shape (table, columns, row count)
 * compiled once, so tens of thousands of rows cost their binding and writing rather than query building.
 */
export function createSeedRepository(db: Kysely<Database>) {
  const shapes = new Map<string, Precompiled<unknown>>();

  /** Rows of one table, all with the columns of the first (the generator makes every row of a table alike). */
  async function insertMany<T extends keyof Database>(table: T, rows: readonly Insertable<Database[T]>[]) {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!);
    const values: unknown[] = [];
    for (const row of rows as readonly Record<string, unknown>[])
      for (const c of columns) values.push(row[c]);
    const chunk = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
    // Full chunks, then the rest in power-of-two pieces: a handful of shapes to compile, whatever the row count.
    for (let i = 0; i < rows.length; ) {
      const left = rows.length - i;
      const size = left >= chunk ? chunk : 2 ** Math.floor(Math.log2(left));
      const key = `${table}:${columns.join(',')}:${size}`;
      let insert = shapes.get(key);
      if (!insert) {
        insert = precompiled(db, (db, param) =>
          db.insertInto(table).values(
            // Kysely cannot narrow the insert type of a generic table name; the rows are typed by the caller.
            Array.from({ length: size }, (_, r) =>
              Object.fromEntries(columns.map((c, k) => [c, param(r * columns.length + k)])),
            ) as unknown as Parameters<ReturnType<typeof db.insertInto<typeof table>>['values']>[0],
          ),
        );
        shapes.set(key, insert);
      }
      await insert(...values.slice(i * columns.length, (i + size) * columns.length));
      i += size;
    }
  }

  return {
    insertMany,
    /** No users and no currencies: the bulk load writes the currencies first and the users after the orders. */
    async isEmpty(): Promise<boolean> {
      for (const table of ['currencies', 'users'] as const) {
        const row = await db.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
        if (row) return false;
      }
      return true;
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
