import type { Kysely } from 'kysely';

/**
 * Saved views of the order list, per seller account (decision 0193). `name_key` is the name in lower case: one
 * view per name, whatever its case.
 */
export const m0190 = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bff_saved_views')
      .addColumn('account_id', 'bigint', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('search', 'text', (c) => c.notNull())
      .addColumn('columns', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by_id', 'bigint', (c) => c.notNull())
      .addColumn('updated_by_nickname', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('bff_saved_views_pk', ['account_id', 'id'])
      .addUniqueConstraint('bff_saved_views_name', ['account_id', 'name_key'])
      .execute();
  },
};
