import { type Dialect, watchTables } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';

/**
 * Faults on purpose (decision 0293): the rules `npm run faults` sets, read by every running server of the store. A
 * change to them raises the store's change sequence, so each server sees it from its next request on.
 */
export function m0013(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fault_rules')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
          dialect === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        // The fault in its words (`status=503`, `deliver=twice`), as the header takes them.
        .addColumn('fault', 'text', (c) => c.notNull())
        .addColumn('method', 'text')
        .addColumn('path', 'text')
        .addColumn('topic', 'text')
        .addColumn('remaining', 'integer')
        .addColumn('fraction', 'real', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await watchTables(db, dialect, ['fault_rules']);
    },
  };
}
