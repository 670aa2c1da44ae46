import pg from 'pg';
import { storeTypes } from './pool.ts';

/** Runs read-only SQL compiled for PostgreSQL with its parameters; answers the rows. */
export type PreparedRead = <R>(sql: string, parameters: readonly unknown[]) => Promise<R[]>;

const readers = new WeakMap<object, PreparedRead>();

interface Reader {
  client: pg.Client;
  /** The last statement given to this connection: the next one starts after it (one at a time per connection). */
  tail: Promise<unknown>;
  pending: number;
  broken: boolean;
}

/**
 * Reads for the fixed queries of hot paths (each compiled once by its caller), past the query builder and the
 * pool: a few connections of their own, each read going to the one with the fewest waiting, and every distinct SQL
 * text a named prepared statement, parsed and planned once per connection and then only executed. A connection
 * that fails is replaced at the next read.
 */
export function preparedReads(url: string, connections = 3): { read: PreparedRead; close(): Promise<void> } {
  const names = new Map<string, string>();
  const open: Reader[] = [];
  let closed = false;
  const connect = (): Reader => {
    const client = new pg.Client({
      connectionString: url,
      types: storeTypes,
      application_name: 'mostrador-reads',
      connectionTimeoutMillis: 10_000,
    });
    const opened = client.connect();
    const reader: Reader = { client, tail: opened, pending: 0, broken: false };
    const broken = () => {
      reader.broken = true;
    };
    client.on('error', broken);
    client.on('end', broken);
    reader.tail.catch(broken);
    return reader;
  };
  const pick = (): Reader => {
    for (let i = open.length - 1; i >= 0; i--) if (open[i]!.broken) open.splice(i, 1);
    let best: Reader | undefined;
    for (const reader of open) if (!best || reader.pending < best.pending) best = reader;
    if (!best || (best.pending > 0 && open.length < connections)) {
      best = connect();
      open.push(best);
    }
    return best;
  };
  return {
    async read<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
      if (closed) throw new Error('the store is closed');
      let name = names.get(sql);
      if (name === undefined) {
        name = `mostrador_read_${names.size + 1}`;
        names.set(sql, name);
      }
      const reader = pick();
      const statement = { name, text: sql, values: parameters as unknown[] };
      const result = reader.tail.then(() => reader.client.query(statement));
      reader.tail = result.then(
        () => {},
        () => {},
      );
      reader.pending++;
      try {
        return (await result).rows as R[];
      } finally {
        reader.pending--;
      }
    },
    async close() {
      closed = true;
      await Promise.all(open.splice(0).map((reader) => reader.client.end().catch(() => {})));
    },
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
