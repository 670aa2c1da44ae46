import type { Database as BetterSqlite, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * better-sqlite3 compiles a statement on every `prepare`; Kysely prepares per query. Keeping the compiled
 * statements by SQL text makes a repeated query cost only its execution. Bounded, oldest first out.
 */
export function withStatementCache(db: BetterSqlite, capacity = 500): SqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement as unknown as SqliteStatement;
    },
  };
}

/**
 * Transactions that take the main database's write lock as they begin, not at their first write: a deferred
 * transaction that read first cannot take the lock once another process (`npm run simulate`, the privacy command, a
 * second server) has committed since its read, and fails at once with "database is locked", the busy timeout unused.
 * Locked from the start, it waits for the other writer instead. Not `begin immediate`: that would lock every attached
 * database too, and the access log's file (attached for reads) is written by another connection of this very thread,
 * which would then wait on a lock this thread holds. `lockStatement` writes nothing to a table of the main database.
 */
export function withWriteLockedTransactions(
  db: SqliteDatabase,
  lockStatement: string,
  /** Whether a transaction is open on the connection (better-sqlite3's `inTransaction`). */
  inTransaction: () => boolean,
): SqliteDatabase {
  // SQLite rolls a transaction back by itself on some failures (a full disk, an I/O error): the rollback that follows
  // then finds none, and its "cannot rollback - no transaction is active" would replace the error that said why.
  const noop = { reader: false, run: () => ({ changes: 0, lastInsertRowid: 0 }), all: () => [] };
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      if (sql === 'rollback' && !inTransaction()) return noop as unknown as SqliteStatement;
      if (sql !== 'begin') return db.prepare(sql);
      const begin = db.prepare('begin');
      const lock = db.prepare(lockStatement);
      const run = () => {
        begin.run([]);
        try {
          lock.run([]);
        } catch (error) {
          db.prepare('rollback').run([]);
          throw error;
        }
        return { changes: 0, lastInsertRowid: 0 };
      };
      return {
        reader: false,
        run,
        all: () => [],
        iterate: () => [][Symbol.iterator](),
      } as unknown as SqliteStatement;
    },
  };
}
