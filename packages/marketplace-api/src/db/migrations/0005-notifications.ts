import type { Dialect } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';

/**
 * Notifications (spec 6): the outbox every change writes in its own transaction, one row per attempt to deliver
 * it, and the application's deactivation time.
 */
export function m0005(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notification_outbox')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
          dialect === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('feed_id', 'text', (c) => c.notNull().unique())
        .addColumn('application_id', 'bigint', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('received', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_until', 'bigint')
        .addColumn('claimed_by', 'text')
        .addColumn('delivered_at', 'bigint')
        .execute();
      // The dispatcher's scan: undelivered rows by due time.
      await db.schema
        .createIndex('notification_outbox_due')
        .on('notification_outbox')
        .columns(['delivered_at', 'next_attempt_at'])
        .execute();
      // Per application and user, the oldest undelivered row goes first (ordering), and the feed pages by id.
      await db.schema
        .createIndex('notification_outbox_queue')
        .on('notification_outbox')
        .columns(['application_id', 'user_id', 'delivered_at', 'id'])
        .execute();
      await db.schema
        .createTable('notification_attempts')
        .addColumn('outbox_id', 'bigint', (c) =>
          c.notNull().references('notification_outbox.id').onDelete('cascade'),
        )
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('sent', 'bigint', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('request_headers', 'text', (c) => c.notNull())
        .addColumn('request_body', 'text', (c) => c.notNull())
        .addColumn('http_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('response_time_ms', 'integer', (c) => c.notNull())
        .addColumn('response_headers', 'text', (c) => c.notNull())
        .addColumn('response_body', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_attempts_pk', ['outbox_id', 'attempt'])
        .execute();
      await db.schema
        .alterTable('applications')
        .addColumn('notifications_deactivated_at', 'bigint')
        .execute();
    },
  };
}
