import type pg from 'pg';

/** Runs read-only SQL compiled for PostgreSQL with its parameters; answers the rows. */
export type PreparedRead = <R>(sql: string, parameters: readonly unknown[]) => Promise<R[]>;

const readers = new WeakMap<object, PreparedRead>();

/**
 * Each distinct SQL text becomes a named prepared statement, parsed and planned once per pooled connection and then
 * only executed; the rows come straight from the driver, past the query builder's executor. For the fixed queries
 * of hot paths (compiled once by the caller): every text gets a name for the life of the pool.
 */
export function preparedReads(pool: pg.Pool): PreparedRead {
  const names = new Map<string, string>();
  return async <R>(sql: string, parameters: readonly unknown[]) => {
    let name = names.get(sql);
    if (name === undefined) {
      name = `mostrador_read_${names.size + 1}`;
      names.set(sql, name);
    }
    const result = await pool.query({ name, text: sql, values: parameters as unknown[] });
    return result.rows as R[];
  };
}

export function registerPreparedReads(db: object, read: PreparedRead) {
  readers.set(db, read);
}

/**
 * The prepared reads of a PostgreSQL store's own handle (never of a transaction, whose statements must run on its
 * connection): undefined for SQLite stores and for any other handle.
 */
export function preparedReadsOf(db: object): PreparedRead | undefined {
  return readers.get(db);
}
