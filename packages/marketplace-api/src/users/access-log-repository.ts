import type { Kysely } from 'kysely';
import { type Precompiled, precompiled } from '../db/precompiled.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';

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

/**
 * The log of who read whose personal data (spec 5, item 6). Each answer that disclosed data waits for its row to be
 * kept before it leaves; rows recorded in the same turn of the event loop, or while the previous write is under way,
 * are kept together.
 *
 * On a SQLite file they are appended to the log's journal in one write (decision 0088), and the store's background
 * thread moves them into the table; reading the log first moves whatever is still in the journal. Elsewhere they go
 * through the store's audit handle, whose commits do not wait for the disk flush (PostgreSQL
 * `synchronous_commit = off`). Either way a row survives a crash of the process at once, and a power cut once the
 * next flush has happened. Waiting for the flush on every read would stall the server for each order a seller
 * opens; see docs/decisions/0007.
 */
export function createAccessLogRepository(
  db: Kysely<Database>,
  auditDb: Kysely<Database>,
  /** The store's journal of the log (SQLite files that serve requests, decision 0088). */
  journal?: Store['auditJournal'],
) {
  /** The rows waiting for the next write, and the one promise their callers wait on. */
  interface Batch {
    rows: PersonalDataAccess[][];
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
    return { rows: [], written, done, failed };
  };
  let pending: Batch | undefined;
  // Multi-row inserts compiled once per row count (up to CHUNK), so a search page that discloses fifty people
  // costs one statement, not fifty, and no query building.
  const CHUNK = 64;
  const PAGE_ROWS = 8;
  const WIDTH = 7;
  const inserts = new Map<number, Precompiled<unknown>>();
  const insertRows = (count: number) => {
    let query = inserts.get(count);
    if (!query) {
      query = precompiled(auditDb, (db, param) =>
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

  // Callers pass the same few lists of fields again and again: each is joined once.
  const joinedFields = new WeakMap<readonly string[], string>();
  const fieldsText = (fields: readonly string[]) => {
    let text = joinedFields.get(fields);
    if (text === undefined) {
      text = fields.join(',');
      joinedFields.set(fields, text);
    }
    return text;
  };
  // One row's values, in the column order of `insertRows` and of the journal's lines (JOURNAL_COLUMNS).
  const rowOf = (e: PersonalDataAccess) => [
    e.accessorUserId,
    e.applicationId,
    e.subjectUserId,
    e.at,
    e.resource,
    fieldsText(e.fields),
    e.operatorUserId ?? null,
  ];
  async function insert(conn: Kysely<unknown>, batch: Batch) {
    const values = batch.rows.flatMap((rows) => rows.flatMap(rowOf));
    for (let i = 0; i < values.length; i += CHUNK * WIDTH) {
      const chunk = values.slice(i, i + CHUNK * WIDTH);
      await insertRows(chunk.length / WIDTH).on(conn, ...chunk);
    }
  }

  // One insert in flight at a time (PostgreSQL): rows recorded meanwhile wait for it and go together in the next,
  // so under load a statement carries the reads of several requests instead of one each (a group commit).
  let flushing = false;
  async function flush() {
    flushing = true;
    const batch = pending!;
    pending = undefined;
    try {
      const rows = batch.rows.reduce((n, r) => n + r.length, 0);
      if (journal) {
        journal.append(batch.rows.flatMap((r) => r.map(rowOf)));
      } else if (rows <= CHUNK) {
        // One statement: on PostgreSQL the audit handle's connections commit without waiting for the flush.
        await insert(auditDb as unknown as Kysely<unknown>, batch);
      } else {
        await auditDb.transaction().execute((trx) => insert(trx as unknown as Kysely<unknown>, batch));
      }
      batch.done();
    } catch (error) {
      batch.failed(error);
    } finally {
      flushing = false;
      if (pending) setImmediate(flush);
    }
  }

  return {
    record(entries: PersonalDataAccess[]): Promise<void> {
      if (entries.length === 0) return Promise.resolve();
      // A page that disclosed many people is a batch of its own: appended now, its answer does not wait for the
      // rest of the turn. Single reads wait and go out together, one write for all.
      if (journal && entries.length >= PAGE_ROWS) {
        try {
          journal.append(entries.map(rowOf));
          return Promise.resolve();
        } catch (error) {
          return Promise.reject(error);
        }
      }
      // Every read of the turn waits on the same promise: the batch's.
      if (!pending) {
        pending = newBatch();
        if (!flushing) setImmediate(flush);
      }
      pending.rows.push(entries);
      return pending.written;
    },

    /**
     * Reads of one person's data, newest first (for that person's privacy requests and for tests). A scan: the log
     * is indexed for appends and by reader, not by subject.
     */
    async forSubject(subjectUserId: number, limit = 100) {
      journal?.catchUp();
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
      journal?.catchUp();
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
