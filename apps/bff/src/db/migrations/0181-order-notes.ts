import type { Dialect } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';

/** The team's internal notes on an order (decision 0181): one row per note, its text sealed. */
export const m0181 = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bff_order_notes')
      .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
        dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn('seller_id', 'bigint', (c) => c.notNull())
      .addColumn('order_id', 'bigint', (c) => c.notNull())
      .addColumn('author_id', 'bigint', (c) => c.notNull())
      .addColumn('author_nickname', 'text', (c) => c.notNull())
      .addColumn('text_enc', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('bff_order_notes_order')
      .on('bff_order_notes')
      .columns(['seller_id', 'order_id', 'id'])
      .execute();
  },
});
