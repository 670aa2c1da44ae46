import { type Kysely, sql } from 'kysely';
import { type Precompiled, precompiled } from '../db/precompiled.ts';
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
 * Rows go through the store's audit handle, whose commits do not wait for the disk flush (SQLite
 * `synchronous = NORMAL` in WAL mode on a connection of its own, PostgreSQL `synchronous_commit = off`): a row
 * survives a crash of the process at once, and a power cut once the next flush (the next ordinary write or
 * checkpoint) has happened. Waiting for the flush on every read would stall the server for each order a seller
 * opens; see docs/decisions/0007.
 */
export function createAccessLogRepository(db: Kysely<Database>, auditDb: Kysely<Database>, dialect: Dialect) {
  let pending: { rows: PersonalDataAccess[]; done: () => void; failed: (error: unknown) => void }[] = [];
  // Multi-row inserts compiled once per row count (up to CHUNK), so a search page that discloses fifty people
  // costs one statement, not fifty, and no query building.
  const CHUNK = 64;
  const inserts = new Map<number, Precompiled<unknown>>();
  const insertRows = (count: number) => {
    let query = inserts.get(count);
    if (!query) {
      query = precompiled(auditDb, (db, param) =>
        db.insertInto('personal_data_access_log').values(
          Array.from({ length: count }, (_, i) => ({
            accessor_user_id: param(i * 6) as number,
            application_id: param(i * 6 + 1) as number,
            subject_user_id: param(i * 6 + 2) as number,
            accessed_at: param(i * 6 + 3) as number,
            resource: param(i * 6 + 4) as string,
            fields: param(i * 6 + 5) as string,
          })),
        ),
      );
      inserts.set(count, query);
    }
    return query;
  };

  async function insert(conn: Kysely<unknown>, batch: typeof pending) {
    const values = batch.flatMap((b) =>
      b.rows.flatMap((e) => [
        e.accessorUserId,
        e.applicationId,
        e.subjectUserId,
        e.at,
        e.resource,
        e.fields.join(','),
      ]),
    );
    for (let i = 0; i < values.length; i += CHUNK * 6) {
      const chunk = values.slice(i, i + CHUNK * 6);
      await insertRows(chunk.length / 6).on(conn, ...chunk);
    }
  }

  async function flush() {
    const batch = pending;
    pending = [];
    try {
      const rows = batch.reduce((n, b) => n + b.rows.length, 0);
      if (dialect === 'sqlite' && rows <= CHUNK) {
        await insert(auditDb as unknown as Kysely<unknown>, batch);
      } else if (dialect === 'sqlite') {
        await auditDb.transaction().execute((trx) => insert(trx as unknown as Kysely<unknown>, batch));
      } else {
        await auditDb.transaction().execute(async (trx) => {
          await sql`set local synchronous_commit = off`.execute(trx);
          await insert(trx as unknown as Kysely<unknown>, batch);
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

    /**
     * Reads of one person's data, newest first (for that person's privacy requests and for tests). A scan: the log
     * is indexed for appends and by reader, not by subject.
     */
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
