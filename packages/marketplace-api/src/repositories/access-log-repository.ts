import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Dialect } from '../db/store.ts';

export interface PersonalDataAccess {
  accessorUserId: number;
  applicationId: number;
  subjectUserId: number;
  at: number;
  /** The resource read, as its path template, e.g. `GET /users/{user_id}`. */
  resource: string;
  fields: readonly string[];
}

/**
 * The log of who read whose personal data (spec 5, item 6). Each answer that disclosed data waits for its row to be
 * committed before it leaves; rows recorded in the same turn of the event loop share one statement (group commit).
 *
 * The commit does not wait for the disk flush (SQLite `synchronous = NORMAL` in WAL mode, PostgreSQL
 * `synchronous_commit = off`): a row survives a crash of the process at once, and a power cut once the next flush
 * (the next ordinary write or checkpoint) has happened. Waiting for the flush on every read would stall the server's
 * single SQLite connection for each order a seller opens; see docs/decisions.
 */
export function createAccessLogRepository(db: Kysely<Database>, dialect: Dialect) {
  let pending: { rows: PersonalDataAccess[]; done: () => void; failed: (error: unknown) => void }[] = [];

  async function insert(conn: Kysely<Database>, batch: typeof pending) {
    await conn
      .insertInto('personal_data_access_log')
      .values(
        batch.flatMap((b) =>
          b.rows.map((e) => ({
            accessor_user_id: e.accessorUserId,
            application_id: e.applicationId,
            subject_user_id: e.subjectUserId,
            accessed_at: e.at,
            resource: e.resource,
            fields: e.fields.join(','),
          })),
        ),
      )
      .execute();
  }

  async function flush() {
    const batch = pending;
    pending = [];
    try {
      if (dialect === 'sqlite') {
        // One connection, held for the three statements, so no other write commits under the relaxed setting.
        await db.connection().execute(async (conn) => {
          const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(conn);
          const previous = Number(rows[0]?.synchronous ?? 2);
          await sql`pragma synchronous = normal`.execute(conn);
          try {
            await insert(conn, batch);
          } finally {
            await sql.raw(`pragma synchronous = ${previous}`).execute(conn);
          }
        });
      } else {
        await db.transaction().execute(async (trx) => {
          await sql`set local synchronous_commit = off`.execute(trx);
          await insert(trx, batch);
        });
      }
      for (const b of batch) b.done();
    } catch (error) {
      for (const b of batch) b.failed(error);
    }
  }

  return {
    record(entries: PersonalDataAccess[]): Promise<void> {
      if (entries.length === 0) return Promise.resolve();
      return new Promise((done, failed) => {
        if (pending.length === 0) setImmediate(flush);
        pending.push({ rows: entries, done, failed });
      });
    },

    /** Reads of one person's data, newest first (for that person's privacy requests and for tests). */
    async forSubject(subjectUserId: number, limit = 100) {
      const rows = await db
        .selectFrom('personal_data_access_log')
        .selectAll()
        .where('subject_user_id', '=', subjectUserId)
        .orderBy('accessed_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        accessorUserId: Number(r.accessor_user_id),
        applicationId: Number(r.application_id),
        subjectUserId: Number(r.subject_user_id),
        at: Number(r.accessed_at),
        resource: r.resource,
        fields: r.fields === '' ? [] : r.fields.split(','),
      }));
    },
  };
}

export type AccessLogRepository = ReturnType<typeof createAccessLogRepository>;
