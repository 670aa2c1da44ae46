import type { Kysely } from 'kysely';

/**
 * One row per capped collection that has been written (decision 0255): the saved views of an account, its block
 * notes, the notes of an order. A writer takes the row before counting, so writers of one collection queue.
 */
export const m0255 = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bff_write_turns')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      .addColumn('taken_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('bff_write_turns_pk', ['scope', 'owner_id'])
      .execute();
  },
};
