import pg from 'pg';

/** PostgreSQL type ids whose text form the store parses itself. */
const INT8 = 20;

/**
 * 64-bit integers come back as JavaScript numbers, as SQLite's do: every id and amount the marketplace stores is
 * below 2^53. A larger value is an error rather than a silently rounded id.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`a 64-bit value above 2^53 cannot be read: ${text}`);
  return value;
}

/** Type parsers of one pool only (node-postgres's global table stays untouched). */
export const storeTypes: pg.CustomTypesConfig = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') => {
    if (id === INT8 && format !== 'binary') return parseInt8;
    return pg.types.getTypeParser(id, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export interface PoolOptions {
  url: string;
  /** Connections at most; each request holds one only while its statement runs. */
  max?: number;
  applicationName?: string;
}

export function createPool(options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    types: storeTypes,
    application_name: options.applicationName ?? 'mostrador',
    // A dead server must fail a request, not hang it.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection that the server drops (restart, failover) must not crash the process; the next query
  // takes a fresh connection.
  pool.on('error', () => {});
  return pool;
}

/** The database name in a connection URL, e.g. `mostrador` in `postgres://host/mostrador`. */
export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  return name || 'postgres';
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/** Runs one statement on the server's `postgres` database (for creating or dropping another database). */
async function onMaintenanceDatabase(url: string, statement: string): Promise<void> {
  const target = new URL(url);
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The databases every PostgreSQL server has for itself: never dropped, never seeded. */
const SERVER_DATABASES = new Set(['postgres', 'template0', 'template1']);

/** The URL's database, unless it is one of the server's own (which a fresh start would drop). */
function ownDatabase(url: string): string {
  const name = databaseName(url);
  if (SERVER_DATABASES.has(name)) {
    throw new Error(
      `the URL names the server's own database "${name}"; name a database of its own (postgres://…/mostrador), which is dropped and created anew`,
    );
  }
  return name;
}

/** Drops (closing its sessions) and creates the URL's database, empty: the seed command's fresh start. */
export async function recreateDatabase(url: string): Promise<void> {
  await dropDatabase(url);
  await onMaintenanceDatabase(url, `create database ${quoteIdent(ownDatabase(url))}`);
}

/** Drops the URL's database; refuses the server's own (`postgres`, the templates). */
export async function dropDatabase(url: string): Promise<void> {
  await onMaintenanceDatabase(url, `drop database if exists ${quoteIdent(ownDatabase(url))} with (force)`);
}

/** Whether the URL's database exists on its server. */
export async function databaseExists(url: string): Promise<boolean> {
  const target = new URL(url);
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [databaseName(url)]);
    return (found.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}
