import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

/**
 * In-process wake-up for the dispatcher: a writer that committed outbox rows rings the bell of its database, so a
 * dispatcher in the same process sends at once instead of at its next poll. On PostgreSQL the transaction that
 * queued them also notifies `OUTBOX_CHANNEL`, which the dispatchers of every instance listen on (decision 0206);
 * elsewhere other processes are found by the store's change sequence (decision 0240).
 */
const bells = new WeakMap<object, EventTarget>();

export function outboxBell(db: object): EventTarget {
  let bell = bells.get(db);
  if (!bell) {
    bell = new EventTarget();
    bells.set(db, bell);
  }
  return bell;
}

export function ringOutbox(db: object): void {
  bells.get(db)?.dispatchEvent(new Event('outbox'));
}

/** The PostgreSQL channel of outbox rows queued or made due, by any instance. */
export const OUTBOX_CHANNEL = 'mostrador_outbox';

/** On PostgreSQL: tells every instance's dispatcher, when `trx` commits, that outbox rows are due. */
export async function notifyOutbox(trx: Kysely<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(trx);
}
