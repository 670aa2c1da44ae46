import { randomBytes } from 'node:crypto';
import { type LeaseTable, leaseRuns, releaseRows } from '@mostrador/server-kit/lease-queue';
import { type CommitGroup, directCommits, precompiled } from '@mostrador/server-kit/store';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { SnapshotRead } from '../db/store.ts';
import { notifyOutbox } from './outbox-signal.ts';

export type NotificationTopic = 'orders_v2' | 'orders_feedback';

/** After this many failed attempts in a row of one notification, the application's notifications are turned off. */
export const DEACTIVATE_AFTER_FAILURES = 8;

/** Delay before the next attempt after the n-th failure: 1 s, 2 s, 4 s … doubling, at most a minute. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000, 1_000 * 2 ** Math.max(0, failures - 1));
}

/** A Mongo-style 24-hex id, like the platform's `_id`: seconds first, so ids sort roughly by time. */
export function newFeedId(now: number): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  return seconds + randomBytes(8).toString('hex');
}

export interface ClaimedNotification {
  id: number;
  feedId: string;
  applicationId: number;
  userId: number;
  topic: string;
  resource: string;
  received: number;
  attempts: number;
  failures: number;
  callbackUrl: string;
}

export interface AttemptRecord {
  sent: number;
  url: string;
  requestHeaders: Record<string, string | number>;
  requestBody: string;
  httpCode: number | null;
  error: 'timeout' | 'network_error' | 'invalid_callback' | null;
  responseTimeMs: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
}

export type AttemptOutcome = 'delivered' | 'retry' | 'deactivated' | 'lost_lease';

/**
 * Writes a change's notifications in the caller's transaction: one row per application subscribed to the topic
 * that has a callback URL and that the user granted access (a token not revoked). Deactivated applications still
 * get their rows, so nothing is lost while they are off.
 */
export async function enqueueNotification(
  trx: Kysely<Database>,
  change: { topic: NotificationTopic; userId: number; resource: string; now: number },
): Promise<number> {
  const apps = await trx
    .selectFrom('applications')
    .select('applications.id')
    .where('applications.callback_url', 'is not', null)
    .where(sql<SqlBool>`applications.topics like ${`%"${change.topic}"%`}`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('access_tokens')
          .select(sql`1`.as('one'))
          .whereRef('access_tokens.application_id', '=', 'applications.id')
          .where('access_tokens.user_id', '=', change.userId)
          .where('access_tokens.revoked_at', 'is', null),
      ),
    )
    .orderBy('applications.id')
    .execute();
  if (apps.length === 0) return 0;
  await trx
    .insertInto('notification_outbox')
    .values(
      apps.map((a) => ({
        feed_id: newFeedId(change.now),
        application_id: Number(a.id),
        user_id: change.userId,
        topic: change.topic,
        resource: change.resource,
        received: change.now,
        attempts: 0,
        failures: 0,
        next_attempt_at: change.now,
        claimed_until: null,
        claimed_by: null,
        delivered_at: null,
      })),
    )
    .execute();
  await notifyOutbox(trx);
  return apps.length;
}

const truncate = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The outbox as a leased queue: a lane is one application, user and resource (decision 0086). */
const OUTBOX_LEASES: LeaseTable = {
  table: 'notification_outbox',
  due: 'next_attempt_at',
  lane: ['application_id', 'user_id', 'resource'],
  pending: { column: 'delivered_at', value: null },
};

export interface OutboxRepositoryOptions {
  /** Shares the commits of attempts arriving together (decision 0086); one transaction each without it. */
  group?: CommitGroup<Database>;
  /** The store's snapshot reader (SQLite files): whether anything is due is asked there. */
  read?: SnapshotRead;
}

export function createOutboxRepository(db: Kysely<Database>, options: OutboxRepositoryOptions = {}) {
  const postgres = isPostgres(db);
  // The store's commit group, or a transaction of its own per write without one.
  const commits = options.group ?? directCommits(db);
  // Whether any row may be due: one indexed read, so that a look that finds nothing takes no write transaction.
  const anyDue = precompiled(
    db,
    (db, param) =>
      db
        .selectFrom('notification_outbox')
        .select('id')
        .where('delivered_at', 'is', null)
        .where('next_attempt_at', '<=', param(0) as number)
        .limit(param(1) as number),
    options.read,
  );
  return {
    /**
     * Leases due notifications to `worker` until `now + leaseMs`, lane by lane: a lane is one application, user and
     * resource, and only a lane whose oldest undelivered row is due and free is taken, with up to `perLane` of its
     * rows in order, so the notifications about one order go out one after the other, in order, while a user's
     * other orders go side by side (decision 0086). At most `limit` lanes.
     * Answers the rows by id, each lane's rows consecutive. The guarded update makes a row go to one worker only;
     * on PostgreSQL the heads are picked `FOR UPDATE SKIP LOCKED`.
     */
    async claim(now: number, worker: string, options: { leaseMs: number; limit: number; perLane?: number }) {
      const perLane = Math.max(1, options.perLane ?? 1);
      if ((await anyDue(now, 1)).length === 0) return [];
      return commits.run(async (trx) => {
        const heads = await trx
          .selectFrom('notification_outbox as o')
          .innerJoin('applications as a', 'a.id', 'o.application_id')
          .select('o.id')
          .where('o.id', 'in', (eb) =>
            eb
              .selectFrom('notification_outbox as h')
              .select((h) => h.fn.min<number>('h.id').as('id'))
              .where('h.delivered_at', 'is', null)
              .groupBy(['h.application_id', 'h.user_id', 'h.resource']),
          )
          .where('o.next_attempt_at', '<=', now)
          .where((eb) => eb.or([eb('o.claimed_until', 'is', null), eb('o.claimed_until', '<=', now)]))
          .where('a.notifications_active', '=', 1)
          .where('a.callback_url', 'is not', null)
          .orderBy('o.next_attempt_at')
          .orderBy('o.id')
          .limit(options.limit)
          // Several dispatchers on one PostgreSQL database: each locks the heads it picks and passes over heads
          // another holds, so they take disjoint lanes instead of queueing on each other's locks.
          .$if(postgres, (q) => q.forUpdate('o').skipLocked())
          .execute();
        const { ids, until } = await leaseRuns(
          trx,
          OUTBOX_LEASES,
          heads.map((r) => Number(r.id)),
          now,
          worker,
          { leaseMs: options.leaseMs, perLane },
        );
        if (ids.length === 0) return [];
        const rows = await trx
          .selectFrom('notification_outbox as o')
          .innerJoin('applications as a', 'a.id', 'o.application_id')
          .select([
            'o.id',
            'o.feed_id',
            'o.application_id',
            'o.user_id',
            'o.topic',
            'o.resource',
            'o.received',
            'o.attempts',
            'o.failures',
            'a.callback_url',
          ])
          .where('o.id', 'in', ids)
          .where('o.claimed_by', '=', worker)
          .where('o.claimed_until', '=', until)
          .orderBy('o.id')
          .execute();
        return rows.map(
          (r): ClaimedNotification => ({
            id: Number(r.id),
            feedId: r.feed_id,
            applicationId: Number(r.application_id),
            userId: Number(r.user_id),
            topic: r.topic,
            resource: r.resource,
            received: Number(r.received),
            attempts: Number(r.attempts),
            failures: Number(r.failures),
            callbackUrl: r.callback_url ?? '',
          }),
        );
      });
    },

    /** Gives claimed rows back untouched (the rest of a lane after a failure), due as they were. */
    async release(ids: number[], worker: string): Promise<void> {
      if (ids.length === 0) return;
      await commits.run((trx) => releaseRows(trx, OUTBOX_LEASES, ids, worker));
    },

    /** Gives claimed rows back due at `until`, no attempt made (a notification held on purpose, decision 0293). */
    async hold(ids: number[], worker: string, until: number): Promise<void> {
      if (ids.length === 0) return;
      await commits.run((trx) =>
        trx
          .updateTable('notification_outbox')
          .set({ next_attempt_at: until, claimed_by: null, claimed_until: null })
          .where('id', 'in', ids)
          .where('claimed_by', '=', worker)
          .where('delivered_at', 'is', null)
          .execute(),
      );
    },

    /**
     * Records one attempt and moves the row on: delivered on a 2xx; otherwise due again after the growing delay,
     * and at the eighth failure in a row the application's notifications go off (spec 6.3). A worker whose lease
     * was taken over records the attempt but leaves the row to the new holder.
     */
    async recordAttempt(
      n: ClaimedNotification,
      worker: string,
      attempt: AttemptRecord,
      now: number,
    ): Promise<AttemptOutcome> {
      return commits.run(async (trx) => {
        const number = n.attempts + 1;
        await trx
          .insertInto('notification_attempts')
          .values({
            outbox_id: n.id,
            attempt: number,
            sent: attempt.sent,
            url: attempt.url,
            request_headers: JSON.stringify(attempt.requestHeaders),
            request_body: attempt.requestBody,
            http_code: attempt.httpCode,
            error: attempt.error,
            response_time_ms: Math.round(attempt.responseTimeMs),
            response_headers: JSON.stringify(attempt.responseHeaders),
            response_body: truncate(attempt.responseBody, 1000),
          })
          .onConflict((oc) => oc.columns(['outbox_id', 'attempt']).doNothing())
          .execute();
        const ok = attempt.httpCode !== null && attempt.httpCode >= 200 && attempt.httpCode < 300;
        const failures = ok ? n.failures : n.failures + 1;
        const moved = await trx
          .updateTable('notification_outbox')
          .set({
            attempts: number,
            failures,
            claimed_until: null,
            claimed_by: null,
            delivered_at: ok ? now : null,
            next_attempt_at: ok ? now : now + retryDelayMs(failures),
          })
          .where('id', '=', n.id)
          .where('claimed_by', '=', worker)
          .where('delivered_at', 'is', null)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) return 'lost_lease';
        if (ok) return 'delivered';
        if (failures < DEACTIVATE_AFTER_FAILURES) return 'retry';
        await trx
          .updateTable('applications')
          .set({ notifications_active: 0, notifications_deactivated_at: now })
          .where('id', '=', n.applicationId)
          .where('notifications_active', '=', 1)
          .execute();
        return 'deactivated';
      });
    },

    /** Turns the application's notifications back on; every waiting row is due at once, its failures forgotten. */
    async reactivate(applicationId: number, now: number): Promise<{ pending: number }> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('applications')
          .set({ notifications_active: 1, notifications_deactivated_at: null })
          .where('id', '=', applicationId)
          .execute();
        const moved = await trx
          .updateTable('notification_outbox')
          .set({ failures: 0, next_attempt_at: now })
          .where('application_id', '=', applicationId)
          .where('delivered_at', 'is', null)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) > 0) await notifyOutbox(trx);
        return { pending: Number(moved.numUpdatedRows) };
      });
    },

    async application(id: number) {
      const row = await db
        .selectFrom('applications')
        .select([
          'id',
          'owner_user_id',
          'callback_url',
          'topics',
          'notifications_active',
          'notifications_deactivated_at',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: Number(row.id),
        ownerUserId: row.owner_user_id === null ? null : Number(row.owner_user_id),
        callbackUrl: row.callback_url,
        topics: JSON.parse(row.topics) as string[],
        active: Number(row.notifications_active) === 1,
        deactivatedAt:
          row.notifications_deactivated_at == null ? null : Number(row.notifications_deactivated_at),
      };
    },

    /** Sets (or clears) where the application's notifications go; the caller has checked the URL. */
    async setCallbackUrl(applicationId: number, url: string | null): Promise<boolean> {
      const result = await db
        .updateTable('applications')
        .set({ callback_url: url })
        .where('id', '=', applicationId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The application's notifications, newest first, each with all its attempts. */
    async feed(applicationId: number, page: { offset: number; limit: number }) {
      const base = db.selectFrom('notification_outbox').where('application_id', '=', applicationId);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const ids = rows.map((r) => Number(r.id));
      const attempts =
        ids.length === 0
          ? []
          : await db
              .selectFrom('notification_attempts')
              .selectAll()
              .where('outbox_id', 'in', ids)
              .orderBy('outbox_id')
              .orderBy('attempt')
              .execute();
      const byRow = new Map<number, typeof attempts>();
      for (const a of attempts) {
        const list = byRow.get(Number(a.outbox_id)) ?? [];
        list.push(a);
        byRow.set(Number(a.outbox_id), list);
      }
      return {
        total: Number(count.n),
        rows: rows.map((r) => ({ row: r, attempts: byRow.get(Number(r.id)) ?? [] })),
      };
    },

    async counts(applicationId: number) {
      const row = await db
        .selectFrom('notification_outbox')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('delivered_at').as('delivered'),
        ])
        .where('application_id', '=', applicationId)
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), delivered: Number(row.delivered) };
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
