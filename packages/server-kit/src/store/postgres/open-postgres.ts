import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { isEmptyDatabase, storeKeyring } from '../key-check.ts';
import type { Keyring } from '../keyring.ts';
import { type MigrationOptions, migrate } from '../migrate.ts';
import { type Store, storeTables } from '../store.ts';
import type { TableMap } from '../tables.ts';
import { createPool, databaseName } from './pool.ts';
import { preparedReads, registerPreparedReads } from './prepared-reads.ts';

export interface PostgresStoreOptions extends MigrationOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  file?: undefined;
  /** Commits without waiting for the WAL flush; only for building a database that is thrown away on failure. */
  unsafeFastWrites?: boolean;
  /** Keys for personal data; without them they are kept in `keyFile` (default `data/<database>.keys.json`). */
  keyring?: Keyring;
  keyFile?: string;
  /** Pooled connections at most (default 10). */
  poolSize?: number;
}

/** PostgreSQL through a pool: the same tables and repositories as on SQLite, 64-bit integers read as numbers. */
export async function openPostgresStore<DB extends TableMap<DB>>(
  options: PostgresStoreOptions,
): Promise<Store<DB>> {
  const pool = createPool({
    url: options.url,
    ...(options.poolSize ? { max: options.poolSize } : {}),
  });
  if (options.unsafeFastWrites)
    pool.on('connect', (client) => void client.query('set synchronous_commit = off'));
  const root = new Kysely<object>({ dialect: new PostgresDialect({ pool }) });
  let keyring: Keyring;
  try {
    const createdNow = await isEmptyDatabase(root, 'postgres');
    await migrate(root, 'postgres', options);
    const keyFile = options.keyFile ?? `data/${databaseName(options.url)}.keys.json`;
    if (!options.keyring) mkdirSync(dirname(keyFile), { recursive: true });
    keyring = await storeKeyring(root, {
      dialect: 'postgres',
      storeName: `PostgreSQL database ${databaseName(options.url)}`,
      keyring: options.keyring,
      keyFile,
      createdNow,
    });
  } catch (error) {
    await root.destroy();
    throw error;
  }
  const tables = storeTables(root, { dialect: 'postgres', keyring, url: options.url });
  const own = tables<DB>();
  const reads = preparedReads(options.url);
  registerPreparedReads(own.db, reads.read);
  return {
    ...own,
    tables,
    async close() {
      await reads.close();
      await root.destroy();
    },
  };
}
