import { createChangeSequence, type Dialect } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';

/**
 * The tables whose rows the read path keeps in memory (decision 0240): order documents, shipments (the legacy form's
 * member), users (the parties of orders) and access tokens (who a token stands for). A change to any of them, by any
 * connection, raises the store's change sequence in its own transaction.
 */
export const WATCHED_TABLES = ['orders', 'shipments', 'users', 'access_tokens'] as const;

/** The store's change sequence and its triggers. */
export function m0011(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createChangeSequence(db, dialect, WATCHED_TABLES);
    },
  };
}
