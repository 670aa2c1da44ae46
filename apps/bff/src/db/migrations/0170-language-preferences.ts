import type { Kysely } from 'kysely';

/**
 * The language a user chose (decision 0170): on the session, and per marketplace user so that it outlives every
 * session.
 */
export const m0170 = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('bff_sessions').addColumn('language', 'text').execute();
    await db.schema
      .createTable('bff_user_preferences')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
