import type { Kysely } from 'kysely';
import type { BffDatabase, BffWriteTurnsTable } from './schema.ts';

/**
 * Takes the turn to write one capped collection, inside the transaction that counts and writes it (decision 0255).
 * The upsert locks the collection's row until that transaction ends, so on PostgreSQL a second writer waits here
 * and its count, a statement later under READ COMMITTED, sees what the first committed; SQLite has one writer at a
 * time already. Every writer that adds to the collection must take it first.
 */
export async function takeWriteTurn(
  trx: Kysely<BffDatabase>,
  scope: BffWriteTurnsTable['scope'],
  ownerId: number,
  at: number,
): Promise<void> {
  await trx
    .insertInto('bff_write_turns')
    .values({ scope, owner_id: ownerId, taken_at: at })
    .onConflict((oc) => oc.columns(['scope', 'owner_id']).doUpdateSet({ taken_at: at }))
    .execute();
}
