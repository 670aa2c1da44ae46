import type { Dialect } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';

/**
 * The notification receiver's durable queue, the ids it has seen, and the events it publishes (decisions 0051 and
 * 0053).
 */
export const m0050 = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>) {
    const id = dialect === 'sqlite' ? 'integer' : 'bigint';
    await db.schema
      .createTable('bff_notification_queue')
      .addColumn('id', id, (c) =>
        dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .addColumn('arrived_at', 'bigint', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'bigint')
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('park_reason', 'text')
      .addColumn('finished_at', 'bigint')
      .execute();
    // The worker's scan (pending rows, oldest first per user) and the receiver's fold (a pending row of the same
    // user, topic and order).
    await db.schema
      .createIndex('bff_notification_queue_pending')
      .on('bff_notification_queue')
      .columns(['state', 'user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('bff_notification_queue_fold')
      .on('bff_notification_queue')
      .columns(['user_id', 'resource', 'topic', 'state'])
      .execute();
    await db.schema
      .createIndex('bff_notification_queue_finished')
      .on('bff_notification_queue')
      .columns(['finished_at'])
      .execute();

    await db.schema
      .createTable('bff_notification_receipts')
      .addColumn('notification_id', 'text', (c) => c.primaryKey())
      .addColumn('queue_id', 'bigint', (c) => c.notNull())
      .addColumn('arrived_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('bff_notification_receipts_queue')
      .on('bff_notification_receipts')
      .columns(['queue_id'])
      .execute();
    await db.schema
      .createIndex('bff_notification_receipts_arrived')
      .on('bff_notification_receipts')
      .columns(['arrived_at'])
      .execute();

    await db.schema
      .createTable('bff_events')
      .addColumn('id', id, (c) =>
        dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bff_events_user').on('bff_events').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('bff_events_created').on('bff_events').columns(['created_at']).execute();
  },
});
