import type { Dialect } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';

/** What the BFF keeps about blocks (decision 0071): a note per seller, buyer and list, and the audit trail. */
export const m0070 = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bff_block_notes')
      .addColumn('seller_id', 'bigint', (c) => c.notNull())
      .addColumn('buyer_id', 'bigint', (c) => c.notNull())
      .addColumn('list', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('updated_by_id', 'bigint', (c) => c.notNull())
      .addColumn('updated_by_nickname', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('bff_block_notes_pk', ['seller_id', 'buyer_id', 'list'])
      .execute();

    await db.schema
      .createTable('bff_block_audit')
      .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
        dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn('seller_id', 'bigint', (c) => c.notNull())
      .addColumn('buyer_id', 'bigint', (c) => c.notNull())
      .addColumn('list', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'bigint', (c) => c.notNull())
      .addColumn('actor_nickname', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('bff_block_audit_seller')
      .on('bff_block_audit')
      .columns(['seller_id', 'id'])
      .execute();
  },
});
