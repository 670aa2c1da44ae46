import type { CommitGroup } from '@mostrador/server-kit/store';
import { type Precompiled, precompiled } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface PersonalDataAccess {
  /** The account under whose name the data was read. */
  accessorUserId: number;
  /** The team member who read it under that account; null or absent for the account's own token. */
  operatorUserId?: number | null;
  applicationId: number;
  subjectUserId: number;
  at: number;
  /** The resource read, as its path template, e.g. `GET /users/{user_id}`. */
  resource: string;
  fields: readonly string[];
}

/** Rows per insert statement at most: a search page that discloses fifty people is one statement. */
const CHUNK = 64;
const WIDTH = 7;

/**
 * The log of who read whose personal data (spec 5, item 6). Each answer that disclosed data waits for its rows to be
 * committed before it leaves. They are written through the store's commit group (decision 0240), like every other
 * write: rows recorded while the previous write is under way go together in the next, one unit for many requests.
 * On SQLite the log's table is in its own file, whose commits do not wait for the disk flush (decision 0007).
 */
export function createAccessLogRepository(db: Kysely<Database>, group: CommitGroup<Database>) {
  /** The rows waiting for the next write, and the one promise their callers wait on. */
  interface Batch {
    values: unknown[];
    written: Promise<void>;
    done: () => void;
    failed: (error: unknown) => void;
  }
  const newBatch = (): Batch => {
    let done!: () => void;
    let failed!: (error: unknown) => void;
    const written = new Promise<void>((resolve, reject) => {
      done = resolve;
      failed = reject;
    });
    return { values: [], written, done, failed };
  };
  let pending: Batch | undefined;
  let writing = false;

  // Multi-row inserts compiled once per row count (up to CHUNK): no query building per read.
  const inserts = new Map<number, Precompiled<unknown, Database>>();
  const insertRows = (count: number) => {
    let query = inserts.get(count);
    if (!query) {
      query = precompiled(db, (db, param) =>
        db.insertInto('personal_data_access_log').values(
          Array.from({ length: count }, (_, i) => ({
            accessor_user_id: param(i * WIDTH) as number,
            application_id: param(i * WIDTH + 1) as number,
            subject_user_id: param(i * WIDTH + 2) as number,
            accessed_at: param(i * WIDTH + 3) as number,
            resource: param(i * WIDTH + 4) as string,
            fields: param(i * WIDTH + 5) as string,
            operator_user_id: param(i * WIDTH + 6) as number | null,
          })),
        ),
      );
      inserts.set(count, query);
    }
    return query;
  };

  async function write() {
    writing = true;
    const batch = pending!;
    pending = undefined;
    try {
      // Its rows are in the audit file alone, whose commits do not wait for the disk: a shared commit of access-log
      // rows alone skips the flush of the main database's log, which would not cover them.
      await group.run(
        async (trx) => {
          for (let i = 0; i < batch.values.length; i += CHUNK * WIDTH) {
            const chunk = batch.values.slice(i, i + CHUNK * WIDTH);
            await insertRows(chunk.length / WIDTH).on(trx, ...chunk);
          }
        },
        { durable: false },
      );
      batch.done();
    } catch (error) {
      batch.failed(error);
    } finally {
      writing = false;
      if (pending) setImmediate(write);
    }
  }

  return {
    /** Records the reads; settles once they are committed. */
    record(entries: readonly PersonalDataAccess[]): Promise<void> {
      if (entries.length === 0) return Promise.resolve();
      if (!pending) {
        pending = newBatch();
        // The reads of this turn of the event loop go together.
        if (!writing) setImmediate(write);
      }
      for (const e of entries) {
        pending.values.push(
          e.accessorUserId,
          e.applicationId,
          e.subjectUserId,
          e.at,
          e.resource,
          e.fields.join(','),
          e.operatorUserId ?? null,
        );
      }
      return pending.written;
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
        operatorUserId: r.operator_user_id === null ? null : Number(r.operator_user_id),
        applicationId: Number(r.application_id),
        subjectUserId: Number(r.subject_user_id),
        at: Number(r.accessed_at),
        resource: r.resource,
        fields: r.fields === '' ? [] : r.fields.split(','),
      }));
    },

    /**
     * Reads made under one account (by its own token or its team), newest first, with the nicknames of the team
     * member and the subject: the account's view of the log (docs/decisions/0102-access-log-for-the-account.md).
     * Follows the log's only index (reader, time).
     */
    async forAccount(accountId: number, page: { offset: number; limit: number }) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('personal_data_access_log as l')
          .leftJoin('users as s', 's.id', 'l.subject_user_id')
          .leftJoin('users as o', 'o.id', 'l.operator_user_id')
          .select([
            'l.accessor_user_id',
            'l.operator_user_id',
            'l.application_id',
            'l.subject_user_id',
            'l.accessed_at',
            'l.resource',
            'l.fields',
            's.nickname as subject_nickname',
            'o.nickname as operator_nickname',
          ])
          .where('l.accessor_user_id', '=', accountId)
          .orderBy('l.accessed_at', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        db
          .selectFrom('personal_data_access_log')
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .where('accessor_user_id', '=', accountId)
          .executeTakeFirst(),
      ]);
      return {
        total: Number(count?.total ?? 0),
        rows: rows.map((r) => ({
          accountId: Number(r.accessor_user_id),
          operatorUserId: r.operator_user_id === null ? null : Number(r.operator_user_id),
          operatorNickname: r.operator_nickname ?? null,
          applicationId: Number(r.application_id),
          subjectUserId: Number(r.subject_user_id),
          subjectNickname: r.subject_nickname ?? null,
          at: Number(r.accessed_at),
          resource: r.resource,
          fields: r.fields === '' ? [] : r.fields.split(','),
        })),
      };
    },
  };
}

export type AccessLogRepository = ReturnType<typeof createAccessLogRepository>;
