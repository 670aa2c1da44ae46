import { type CommitGroup, directCommits } from '@mostrador/server-kit/store';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Database, FeedbackTable } from '../db/schema.ts';
import type { FeedbackRecord } from '../domain/order-record.ts';
import { enqueueNotification } from '../notifications/outbox-repository.ts';
import { nextId } from '../orders/id-sequence.ts';
import { createOrderRepository } from '../orders/order-repository.ts';

export type FeedbackRole = 'sale' | 'purchase';

/** A feedback as written, with the offset of its order's site for rendering its dates. */
export interface WrittenFeedback {
  feedback: FeedbackRecord;
  offsetMinutes: number;
}

export interface NewFeedback {
  orderId: number;
  role: FeedbackRole;
  fromUserId: number;
  toUserId: number;
  fulfilled: boolean;
  rating: FeedbackRecord['rating'];
  reason: string | null;
  message: string | null;
}

// Real feedback ids are 13 digits; the first one a store mints stays clear of seeded ones.
const FIRST_FEEDBACK_ID = 5_000_000_000_000;
const FEEDBACK_SEQUENCE = 'last_feedback_id';

export function feedbackRecord(row: FeedbackTable): FeedbackRecord {
  return {
    id: Number(row.id),
    role: row.role as FeedbackRole,
    fromUserId: Number(row.from_user_id),
    toUserId: Number(row.to_user_id),
    fulfilled: Boolean(row.fulfilled),
    rating: row.rating as FeedbackRecord['rating'],
    reason: row.reason,
    message: row.message,
    dateCreated: Number(row.date_created),
    reply: row.reply,
    replyDate: row.reply_date === null ? null : Number(row.reply_date),
  };
}

/**
 * The one place a feedback change is written, inside the transaction that made it: the order's read model is
 * re-rendered from the feedback table, and the `orders_feedback` notification goes to the outbox, so it commits or
 * rolls back with the change.
 */
async function recordFeedbackChange(trx: Transaction<Database>, orderId: number, now: number) {
  const rows = await trx.selectFrom('feedback').selectAll().where('order_id', '=', orderId).execute();
  const records = rows.map(feedbackRecord);
  const { offsetMinutes } = await createOrderRepository(trx).updateFeedback(
    orderId,
    {
      sale: records.find((f) => f.role === 'sale') ?? null,
      purchase: records.find((f) => f.role === 'purchase') ?? null,
    },
    now,
  );
  const { seller_id } = await trx
    .selectFrom('orders')
    .select('seller_id')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  await enqueueNotification(trx, {
    topic: 'orders_feedback',
    userId: Number(seller_id),
    resource: `/orders/${orderId}`,
    now,
  });
  return { records, offsetMinutes };
}

/**
 * Feedback of orders (spec 7.2's codes): giving it and replying to it, each with the order in one transaction, in the
 * store's commit group when given one (on SQLite, writes arriving together share one durable commit, decision 0086).
 */
export function createFeedbackRepository(db: Kysely<Database>, group?: CommitGroup<Database>) {
  // The store's commit group, or a transaction of its own per write without one.
  const commits = group ?? directCommits(db);
  function give(input: NewFeedback, now: number): Promise<WrittenFeedback | 'exists'> {
    return commits.run(async (trx) => {
      const taken = await trx
        .selectFrom('feedback')
        .select('id')
        .where('order_id', '=', input.orderId)
        .where('role', '=', input.role)
        .executeTakeFirst();
      if (taken) return 'exists';
      const id = await nextId(trx, FEEDBACK_SEQUENCE, async () => {
        const top = await trx
          .selectFrom('feedback')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        return Math.max(FIRST_FEEDBACK_ID, Number(top?.id ?? 0) + 1);
      });
      await trx
        .insertInto('feedback')
        .values({
          id,
          order_id: input.orderId,
          role: input.role,
          from_user_id: input.fromUserId,
          to_user_id: input.toUserId,
          fulfilled: Number(input.fulfilled),
          rating: input.rating,
          reason: input.reason,
          message: input.message,
          date_created: now,
          reply: null,
          reply_date: null,
        })
        .execute();
      const { records, offsetMinutes } = await recordFeedbackChange(trx, input.orderId, now);
      return { feedback: records.find((f) => f.id === id)!, offsetMinutes };
    });
  }

  return {
    async find(id: number) {
      const row = await db
        .selectFrom('feedback')
        .innerJoin('orders', 'orders.id', 'feedback.order_id')
        .selectAll('feedback')
        .select(['orders.seller_id', 'orders.buyer_id', 'orders.site_id'])
        .where('feedback.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        record: feedbackRecord(row),
        orderId: Number(row.order_id),
        sellerId: Number(row.seller_id),
        buyerId: Number(row.buyer_id),
        siteId: row.site_id,
      };
    },

    /** The new feedback, or 'exists' when that side of the order already gave one (nothing is written). */
    async give(input: NewFeedback, now: number): Promise<WrittenFeedback | 'exists'> {
      // Two answers racing on PostgreSQL both pass the check for an earlier one; the unique (order, role) index stops the second.
      return give(input, now).catch((error: unknown) => {
        if (isUniqueViolation(error)) return 'exists' as const;
        throw error;
      });
    },

    /** The feedback with its reply, or 'exists' when it already had one (nothing is written). */
    async reply(id: number, reply: string, now: number): Promise<WrittenFeedback | 'exists'> {
      return commits.run(async (trx) => {
        const result = await trx
          .updateTable('feedback')
          .set({ reply, reply_date: now })
          .where('id', '=', id)
          .where('reply', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return 'exists';
        const row = await trx
          .selectFrom('feedback')
          .select('order_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const { records, offsetMinutes } = await recordFeedbackChange(trx, Number(row.order_id), now);
        return { feedback: records.find((f) => f.id === id)!, offsetMinutes };
      });
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
