import type { Kysely } from 'kysely';

/**
 * The seller account a session works on when its user is on that seller's team (decision 0103); null when it
 * works on the user's own account.
 */
export const m0100 = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('bff_sessions').addColumn('acting_seller_id', 'bigint').execute();
  },
};
