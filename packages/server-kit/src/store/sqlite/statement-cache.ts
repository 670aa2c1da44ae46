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
