import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Rows older than this are pruned; a process that has not looked for longer forgets everything it holds. */
export const CHANGES_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Records, in the caller's transaction, that a user's card data changed (nickname, names, phones: a change through
 * the API, an erasure): every process's read model drops what it holds of that user before its next answer.
 * Stamped with the machine's time, not the marketplace's clock: the log is the caches' own bookkeeping, compared
 * across processes and never shown, and a test clock moved ahead must not prune entries nobody has read yet.
 */
export async function userChanged(db: Kysely<Database> | Transaction<Database>, userId: number) {
  const at = Date.now();
  const { id } = await db
    .insertInto('read_model_changes')
    .values({ kind: 'user', key: userId, at })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (Number(id) % 1000 === 0) {
    await db
      .deleteFrom('read_model_changes')
      .where('at', '<', at - CHANGES_KEPT_MS)
      .execute();
  }
}
