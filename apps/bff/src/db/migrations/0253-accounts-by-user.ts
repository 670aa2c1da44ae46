import type { Kysely } from 'kysely';

/**
 * The accounts of a user, newest first (decision 0253): the notification worker looks up the token of the user each
 * notification is about, and without this index every lookup read every signed-in account.
 */
export const m0253 = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('bff_accounts_user')
      .on('bff_accounts')
      .columns(['user_id', 'updated_at'])
      .execute();
  },
};
