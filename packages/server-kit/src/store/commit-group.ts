import { type Kysely, sql, type Transaction } from 'kysely';

export interface CommitGroupOptions {
  /** Units per shared transaction at most; the rest wait for the next one. */
  maxUnits?: number;
  /**
   * SQLite with a file: flushes the write-ahead log to disk off the event loop (`logFlusher`). The shared
   * transaction then commits with `synchronous = NORMAL` (its log is written, not yet flushed), the main database's
   * setting goes back to `FULL` for every other write, and the callers hear of their units once the log is flushed.
   */
  flushLog?: () => Promise<void>;
}

export interface UnitOptions {
  /**
   * `false` for a unit that writes only to an attached database whose commits do not wait for the disk (the access
   * log's audit file, decision 0007): a shared transaction of such units alone commits without the main database's
   * log flush, which would cover none of its writes. Default `true`.
   */
  durable?: boolean;
}

/**
 * Group commit: units of work submitted in the same turn of the event loop run in one shared transaction, each
 * inside its own savepoint, and each caller's promise settles only once that transaction is committed (decision
 * 0086). A durable commit costs one flush to disk, which on SQLite holds the event loop; sharing it between the
 * notifications that arrive together keeps every acknowledgement durable while the flushes stay few.
 *
 * A unit that throws is rolled back to its savepoint alone and its caller gets the error; the others commit. If the
 * commit itself fails, every caller of that group gets the error and nothing of it was written. Units run one after
 * the other in submission order, so what a unit reads includes what earlier units of its group wrote.
 *
 * With `flushLog`, the flush to disk runs on libuv's thread pool instead of the event loop (decision 0241): requests
 * go on being answered while the disk works, and the units that arrive meanwhile share the next commit.
 */
export function createCommitGroup<DB>(db: Kysely<DB>, options: CommitGroupOptions = {}) {
  const maxUnits = options.maxUnits ?? 256;
  type Unit = {
    work: (trx: Transaction<DB>) => Promise<unknown>;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
    durable: boolean;
  };
  let waiting: Unit[] = [];
  let flushing = false;
  let scheduled = false;

  function schedule() {
    if (scheduled || flushing) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  }

  async function flush() {
    flushing = true;
    const units = waiting.slice(0, maxUnits);
    waiting = waiting.slice(units.length);
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    const shared = async (trx: Transaction<DB>) => {
      for (const unit of units) {
        await sql`savepoint commit_unit`.execute(trx);
        try {
          const value = await unit.work(trx);
          await sql`release savepoint commit_unit`.execute(trx);
          outcomes.push({ ok: true, value });
        } catch (error) {
          try {
            await sql`rollback to savepoint commit_unit`.execute(trx);
            await sql`release savepoint commit_unit`.execute(trx);
          } catch {
            // The transaction itself is gone (SQLite rolls it back on a full disk): the unit's error is the
            // group's, not the savepoint's "no such savepoint".
            throw error;
          }
          outcomes.push({ ok: false, error });
        }
      }
    };
    try {
      if (options.flushLog && units.some((unit) => unit.durable)) {
        // One connection held for the three steps: no other write commits while the setting is NORMAL.
        await db.connection().execute(async (connection) => {
          await sql`pragma main.synchronous = normal`.execute(connection);
          try {
            await connection.transaction().execute(shared);
          } finally {
            await sql`pragma main.synchronous = full`.execute(connection);
          }
        });
        await options.flushLog();
      } else {
        await db.transaction().execute(shared);
      }
      units.forEach((unit, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) unit.resolve(outcome.value);
        else unit.reject(outcome.error);
      });
    } catch (error) {
      for (const unit of units) unit.reject(error);
    } finally {
      flushing = false;
      if (waiting.length > 0) schedule();
    }
  }

  return {
    /** Runs `work` in the next shared transaction; settles after it commits. */
    run<T>(work: (trx: Transaction<DB>) => Promise<T>, unit: UnitOptions = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({
          work,
          resolve: resolve as (value: unknown) => void,
          reject,
          durable: unit.durable ?? true,
        });
        schedule();
      });
    },
  };
}

export type CommitGroup<DB> = ReturnType<typeof createCommitGroup<DB>>;

/**
 * The same interface with a transaction of its own per unit: for PostgreSQL, which groups concurrent commits
 * itself and runs transactions side by side on its pooled connections.
 */
export function directCommits<DB>(db: Kysely<DB>): CommitGroup<DB> {
  return { run: (work) => db.transaction().execute(work) };
}
