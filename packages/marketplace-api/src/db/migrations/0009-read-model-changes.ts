import type { Dialect } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';

/**
 * What changed, for the read model of every process and instance (docs/decisions/0114): one row per change that a
 * cache may hold, written in the same transaction as the change.
 */
export function m0009(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('read_model_changes')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
          dialect === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        // `user`: a user's nickname, names or phones (the party cards of orders).
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('key', 'bigint', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('read_model_changes_at').on('read_model_changes').column('at').execute();
    },
  };
}
