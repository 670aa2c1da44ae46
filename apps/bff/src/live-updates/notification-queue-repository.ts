import { type LeaseTable, leaseRuns, releaseRows } from '@mostrador/server-kit/lease-queue';
import { type CommitGroup, directCommits, precompiled } from '@mostrador/server-kit/store';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { BffDatabase, BffNotificationQueueTable } from '../db/schema.ts';

export interface IncomingNotification {
  /** The platform's `_id` (or one derived from the body when it has none). */
  notificationId: string;
  userId: number;
  topic: string;
  resource: string;
  /** The marketplace's `received`, epoch ms. */
  changedAt: number;
}

export interface QueuedNotification {
  id: number;
  userId: number;
  topic: string;
  resource: string;
  changedAt: number;
  tries: number;
}

export interface FeedEntry {
  id: number;
  topic: string;
  resource: string;
  state: 'pending' | 'done' | 'parked';
  parkReason: string | null;
  tries: number;
  changedAt: number;
  arrivedAt: number;
  finishedAt: number | null;
  notificationIds: string[];
}

export type ReceiveOutcome = 'queued' | 'folded' | 'duplicate';

const toQueued = (
  row: Pick<BffNotificationQueueTable, 'user_id' | 'topic' | 'resource' | 'changed_at' | 'tries'> & {
    id: number;
  },
): QueuedNotification => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  topic: row.topic,
  resource: row.resource,
  changedAt: Number(row.changed_at),
  tries: Number(row.tries),
});

/** The queue as a leased queue: a lane is one user, whose notifications are shown in order (decision 0051). */
const QUEUE_LEASES: LeaseTable = {
  table: 'bff_notification_queue',
  due: 'due_at',
  lane: ['user_id'],
  pending: { column: 'state', value: 'pending' },
};

/** What to do with one claimed row, in `settleLane`. */
export type SettleStep<Reason extends string = string> =
  | {
      kind: 'publish';
      row: QueuedNotification;
      /** The event, given its id and the notification ids folded into the row. */
      build: (eventId: number, notificationIds: string[]) => { name: string; data: string };
    }
  | { kind: 'retry'; row: QueuedNotification; dueAt: number }
  | { kind: 'park'; row: QueuedNotification; reason: Reason };

/**
 * The statements a notification runs each time it is received or published, built and compiled once
 * (`precompiled`): the query builder and the SQL compiler stay out of the per-notification path.
 */
function perNotificationStatements(db: Kysely<BffDatabase>) {
  return {
    receiptOf: precompiled(db, (db, p) =>
      db
        .selectFrom('bff_notification_receipts')
        .select('queue_id')
        .where('notification_id', '=', p(0) as string)
        .limit(sql.lit(1)),
    ),
    waitingFor: precompiled(db, (db, p) =>
      db
        .selectFrom('bff_notification_queue')
        .select(['id', 'changed_at'])
        .where('user_id', '=', p(0) as number)
        .where('resource', '=', p(1) as string)
        .where('topic', '=', p(2) as string)
        .where('state', '=', sql.lit('pending'))
        .where('claimed_by', 'is', null)
        .orderBy('id')
        .limit(sql.lit(1)),
    ),
    enqueue: precompiled(db, (db, p) =>
      db
        .insertInto('bff_notification_queue')
        .values({
          user_id: p(0) as number,
          topic: p(1) as string,
          resource: p(2) as string,
          changed_at: p(3) as number,
          // Due as it arrives.
          arrived_at: p(4) as number,
          due_at: p(4) as number,
          state: sql.lit('pending'),
          claimed_by: sql.lit(null),
          claimed_until: sql.lit(null),
          tries: sql.lit(0),
          park_reason: sql.lit(null),
          finished_at: sql.lit(null),
        })
        .returning('id'),
    ),
    addReceipt: precompiled(db, (db, p) =>
      db
        .insertInto('bff_notification_receipts')
        .values({ notification_id: p(0) as string, queue_id: p(1) as number, arrived_at: p(2) as number }),
    ),
    markDone: precompiled(db, (db, p) =>
      db
        .updateTable('bff_notification_queue')
        .set({ state: sql.lit('done'), finished_at: p(0) as number, claimed_until: sql.lit(null) })
        .where('id', '=', p(1) as number)
        .where('state', '=', sql.lit('pending'))
        .where('claimed_by', '=', p(2) as string)
        .returning('id'),
    ),
    receiptsOf: precompiled(db, (db, p) =>
      db
        .selectFrom('bff_notification_receipts')
        .select('notification_id')
        .where('queue_id', '=', p(0) as number)
        .orderBy('arrived_at')
        .orderBy('notification_id'),
    ),
    addEvent: precompiled(db, (db, p) =>
      db
        .insertInto('bff_events')
        .values({
          user_id: p(0) as number,
          name: sql.lit('pending'),
          data: sql.lit('{}'),
          created_at: p(1) as number,
        })
        .returning('id'),
    ),
    fillEvent: precompiled(db, (db, p) =>
      db
        .updateTable('bff_events')
        .set({ name: p(0) as string, data: p(1) as string })
        .where('id', '=', p(2) as number),
    ),
  };
}
type Statements = ReturnType<typeof perNotificationStatements>;

/** Marks a claimed row done and stores its event; null when the lease was lost to another worker. */
async function publishIn(
  q: Statements,
  trx: Transaction<BffDatabase>,
  row: QueuedNotification,
  worker: string,
  now: number,
  build: (eventId: number, notificationIds: string[]) => { name: string; data: string },
): Promise<{ id: number; name: string; data: string } | null> {
  const done = await q.markDone.on(trx, now, row.id, worker);
  if (done.length !== 1) return null;
  const receipts = await q.receiptsOf.on(trx, row.id);
  // The event's id is in its data: the row is inserted first, then given its data.
  const [inserted] = await q.addEvent.on(trx, row.userId, now);
  const id = Number(inserted!.id);
  const event = build(
    id,
    receipts.map((r) => r.notification_id),
  );
  await q.fillEvent.on(trx, event.name, event.data, id);
  return { id, ...event };
}

/** All SQL of the notification queue (decision 0051): plain statements that run on SQLite and PostgreSQL alike. */
export function createNotificationQueueRepository(
  db: Kysely<BffDatabase>,
  options: { group?: CommitGroup<BffDatabase> } = {},
) {
  // Receipts and publications arriving together share one durable commit (decision 0086).
  // The store's commit group, or a transaction of its own per write without one.
  const commits = options.group ?? directCommits(db);
  const q = perNotificationStatements(db);
  return {
    /**
     * Stores a notification, once: an id seen before is a duplicate; a notification about the same user, topic and
     * order as one still waiting (not yet taken by the worker) is folded into it, since one read of the order
     * answers both. Committed before the caller answers 200.
     */
    async receive(n: IncomingNotification, now: number): Promise<ReceiveOutcome> {
      try {
        return await commits.run(async (trx) => {
          const [seen] = await q.receiptOf.on(trx, n.notificationId);
          if (seen) return 'duplicate';
          const [waiting] = await q.waitingFor.on(trx, n.userId, n.resource, n.topic);
          let queueId: number;
          if (waiting) {
            queueId = Number(waiting.id);
            if (n.changedAt < Number(waiting.changed_at)) {
              await trx
                .updateTable('bff_notification_queue')
                .set({ changed_at: n.changedAt })
                .where('id', '=', queueId)
                .execute();
            }
          } else {
            const [inserted] = await q.enqueue.on(trx, n.userId, n.topic, n.resource, n.changedAt, now);
            queueId = Number(inserted!.id);
          }
          await q.addReceipt.on(trx, n.notificationId, queueId, now);
          return waiting ? 'folded' : 'queued';
        });
      } catch (error) {
        // Two deliveries of one id racing (PostgreSQL): the receipt's key lets one through.
        if (/unique|duplicate key/i.test(String((error as Error).message))) return 'duplicate';
        throw error;
      }
    },

    /**
     * Leases due rows to `worker`, user by user: only a user whose oldest waiting row is due and free is taken, with
     * up to `perLane` of their waiting rows in order, so a user's events are published in the order their
     * notifications arrived. At most `limit` users; the rows by id, each user's consecutive.
     */
    async claim(
      now: number,
      worker: string,
      options: { leaseMs: number; limit: number; perLane?: number },
    ): Promise<QueuedNotification[]> {
      if (options.limit <= 0) return [];
      const perLane = Math.max(1, options.perLane ?? 1);
      return commits.run(async (trx) => {
        // Each user's oldest waiting row, found by walking the users with an index seek per step (a loose index
        // scan), so a long backlog of one user costs nothing here; then those that are due and free.
        const heads = await sql<{ id: number }>`
          with recursive users(user_id) as (
            select min(user_id) from bff_notification_queue where state = 'pending'
            union all
            select (
              select min(user_id) from bff_notification_queue where state = 'pending' and user_id > users.user_id
            ) from users where users.user_id is not null
          )
          select q.id from users
          join bff_notification_queue q on q.id = (
            select h.id from bff_notification_queue h
            where h.state = 'pending' and h.user_id = users.user_id
            order by h.id limit 1
          )
          where q.due_at <= ${now} and (q.claimed_until is null or q.claimed_until <= ${now})
          order by q.id
          limit ${options.limit}
        `.execute(trx);
        const { ids, until } = await leaseRuns(
          trx,
          QUEUE_LEASES,
          heads.rows.map((r) => Number(r.id)),
          now,
          worker,
          { leaseMs: options.leaseMs, perLane },
        );
        if (ids.length === 0) return [];
        const rows = await trx
          .selectFrom('bff_notification_queue')
          .select(['id', 'user_id', 'topic', 'resource', 'changed_at', 'tries'])
          .where('id', 'in', ids)
          .where('claimed_by', '=', worker)
          .where('claimed_until', '=', until)
          .orderBy('id')
          .execute();
        return rows.map(toQueued);
      });
    },

    /**
     * Settles one user's claimed rows in one transaction, in order (decision 0242): each step publishes a row (marks
     * it done and stores its event), gives it back for a later try, or parks it; then the rows in `release` are given
     * back as they were. One transaction per lane, and one lane per user at a time, so a user's event ids commit in
     * the order they were taken: a reader that has seen an id has seen every lower id of that user (PostgreSQL hands
     * out ids as rows are inserted, and separate transactions could commit in another order). A crash leaves all of
     * it or none (the rows are then taken again). A publish whose lease was lost to another worker answers null.
     */
    async settleLane(
      worker: string,
      now: number,
      steps: readonly SettleStep[],
      release: readonly number[],
    ): Promise<({ id: number; name: string; data: string } | null)[]> {
      return commits.run(async (trx) => {
        const published: ({ id: number; name: string; data: string } | null)[] = [];
        for (const step of steps) {
          if (step.kind === 'publish')
            published.push(await publishIn(q, trx, step.row, worker, now, step.build));
          else {
            await trx
              .updateTable('bff_notification_queue')
              .set(
                step.kind === 'retry'
                  ? { claimed_by: null, claimed_until: null, due_at: step.dueAt, tries: step.row.tries + 1 }
                  : {
                      state: 'parked',
                      park_reason: step.reason,
                      finished_at: now,
                      claimed_until: null,
                      tries: step.row.tries + 1,
                    },
              )
              .where('id', '=', step.row.id)
              .where('state', '=', 'pending')
              .where('claimed_by', '=', worker)
              .execute();
            published.push(null);
          }
        }
        if (release.length > 0) await releaseRows(trx, QUEUE_LEASES, [...release], worker);
        return published;
      });
    },

    /** Finished rows and old receipts go after `keepMs`; waiting rows stay whatever their age. */
    /** The notifications about one order of one user, newest first, with every id folded into each. */
    async forOrder(userId: number, resource: string, limit = 50) {
      const rows = await db
        .selectFrom('bff_notification_queue')
        .select(['id', 'topic', 'state', 'changed_at', 'arrived_at'])
        .where('user_id', '=', userId)
        .where('resource', '=', resource)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      if (rows.length === 0) return [];
      const receipts = await db
        .selectFrom('bff_notification_receipts')
        .select(['queue_id', 'notification_id'])
        .where(
          'queue_id',
          'in',
          rows.map((r) => Number(r.id)),
        )
        .orderBy('arrived_at')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        topic: r.topic,
        state: r.state,
        changedAt: Number(r.changed_at),
        arrivedAt: Number(r.arrived_at),
        notificationIds: receipts
          .filter((x) => Number(x.queue_id) === Number(r.id))
          .map((x) => x.notification_id),
      }));
    },

    /**
     * The workspace's feed (decision 0077): one user's entries, newest first, `before` an entry id for the next
     * page, with every notification id folded into each.
     */
    async list(
      userId: number,
      options: { topic?: string; before?: number; limit: number },
    ): Promise<FeedEntry[]> {
      let query = db
        .selectFrom('bff_notification_queue')
        .select([
          'id',
          'topic',
          'resource',
          'state',
          'park_reason',
          'tries',
          'changed_at',
          'arrived_at',
          'finished_at',
        ])
        .where('user_id', '=', userId);
      if (options.topic !== undefined) query = query.where('topic', '=', options.topic);
      if (options.before !== undefined) query = query.where('id', '<', options.before);
      const rows = await query.orderBy('id', 'desc').limit(options.limit).execute();
      if (rows.length === 0) return [];
      const receipts = await db
        .selectFrom('bff_notification_receipts')
        .select(['queue_id', 'notification_id'])
        .where(
          'queue_id',
          'in',
          rows.map((r) => Number(r.id)),
        )
        .orderBy('arrived_at')
        .orderBy('notification_id')
        .execute();
      const ids = new Map<number, string[]>();
      for (const r of receipts) {
        const key = Number(r.queue_id);
        ids.set(key, [...(ids.get(key) ?? []), r.notification_id]);
      }
      return rows.map((r) => ({
        id: Number(r.id),
        topic: r.topic,
        resource: r.resource,
        state: r.state,
        parkReason: r.park_reason,
        tries: Number(r.tries),
        changedAt: Number(r.changed_at),
        arrivedAt: Number(r.arrived_at),
        finishedAt: r.finished_at === null ? null : Number(r.finished_at),
        notificationIds: ids.get(Number(r.id)) ?? [],
      }));
    },

    /** One entry of one user (support's redelivery reads what was stored); undefined for anyone else's. */
    async entryOf(
      userId: number,
      id: number,
    ): Promise<Pick<QueuedNotification, 'userId' | 'topic' | 'resource' | 'changedAt'> | undefined> {
      const row = await db
        .selectFrom('bff_notification_queue')
        .select(['user_id', 'topic', 'resource', 'changed_at'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row
        ? {
            userId: Number(row.user_id),
            topic: row.topic,
            resource: row.resource,
            changedAt: Number(row.changed_at),
          }
        : undefined;
    },

    async purge(before: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .deleteFrom('bff_notification_queue')
          .where('state', '!=', 'pending')
          .where('finished_at', '<', before)
          .executeTakeFirst();
        await trx
          .deleteFrom('bff_notification_receipts')
          .where('arrived_at', '<', before)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('bff_notification_queue as q')
                  .select('q.id')
                  .whereRef('q.id', '=', 'bff_notification_receipts.queue_id')
                  .where('q.state', '=', 'pending'),
              ),
            ),
          )
          .execute();
        return Number(rows.numDeletedRows);
      });
    },

    /** Rows by state, and the parked ones' reasons: for tests and operators. */
    async summary(): Promise<{ pending: number; done: number; parked: { id: number; reason: string }[] }> {
      const rows = await db
        .selectFrom('bff_notification_queue')
        .select(['id', 'state', 'park_reason'])
        .orderBy('id')
        .execute();
      return {
        pending: rows.filter((r) => r.state === 'pending').length,
        done: rows.filter((r) => r.state === 'done').length,
        parked: rows
          .filter((r) => r.state === 'parked')
          .map((r) => ({ id: Number(r.id), reason: r.park_reason ?? '' })),
      };
    },
  };
}

export type NotificationQueueRepository = ReturnType<typeof createNotificationQueueRepository>;
