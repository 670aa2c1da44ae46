import type { Kysely } from 'kysely';

/** The notifications workspace reads one user's entries newest first (decision 0077): an index in that order. */
export const m0077 = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('bff_notification_queue_user')
      .on('bff_notification_queue')
      .columns(['user_id', 'id'])
      .execute();
  },
};
