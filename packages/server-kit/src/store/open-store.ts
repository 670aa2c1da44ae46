import { openPostgresStore, type PostgresStoreOptions } from './postgres/open-postgres.ts';
import { openSqliteStore, type SqliteStoreOptions } from './sqlite/open-sqlite.ts';
import type { Store } from './store.ts';
import type { TableMap } from './tables.ts';

export type OpenStoreOptions = SqliteStoreOptions | PostgresStoreOptions;

/** Opens a SQLite file (`file`, ':memory:' for a throwaway one) or a PostgreSQL database (`url`), migrated. */
export async function openStore<DB extends TableMap<DB>>(options: OpenStoreOptions): Promise<Store<DB>> {
  if (options.url !== undefined) return openPostgresStore<DB>(options);
  return openSqliteStore<DB>(options);
}
