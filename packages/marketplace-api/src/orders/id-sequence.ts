import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Hands out the next id of a named sequence kept in `store_meta`, in the caller's transaction. One upsert does the
 * increment, so concurrent writers on PostgreSQL each get their own id (the row lock orders them) instead of two
 * reading the same maximum. A sequence that does not exist yet starts at `start()` (e.g. one past the table's
 * largest id), which keeps stores written before the sequence existed valid.
 */
export async function nextId(
  trx: Kysely<Database>,
  key: string,
  start: () => Promise<number>,
): Promise<number> {
  const existing = await trx
    .selectFrom('store_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  const first = existing ? 0 : await start();
  const row = await trx
    .insertInto('store_meta')
    .values({ key, value: String(first) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ value: sql<string>`cast(cast(store_meta.value as bigint) + 1 as text)` }),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
