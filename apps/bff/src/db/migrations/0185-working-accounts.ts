import type { Kysely } from 'kysely';

/**
 * The account each user last chose to work on (decision 0185): a seller it operates, or (null) its own. A new
 * session starts there.
 */
export const m0185 = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bff_working_accounts')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('seller_id', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
