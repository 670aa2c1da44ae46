import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createKeyCheckTable, isEmptyDatabase, KEY_CHECK_WRITE_LOCK, storeKeyring } from '../key-check.ts';
import { type Keyring, localKeyring } from '../keyring.ts';
import { type MigrationOptions, migrate } from '../migrate.ts';
import type { SnapshotRead, Store } from '../store.ts';
import { storeTables } from '../store.ts';
import type { TableMap } from '../tables.ts';
import { logFlusher } from './log-flush.ts';
import { withStatementCache, withWriteLockedTransactions } from './statement-cache.ts';
import { walCheckpoints } from './wal-checkpoints.ts';

type SqliteHandle = InstanceType<typeof SqliteDatabase>;

export interface SqliteStoreOptions extends MigrationOptions {
  /** A file path, or ':memory:' for a throwaway database. */
  file: string;
  url?: undefined;
  /** Skip fsync on commit; only for building a database that is thrown away on failure (the seed CLI). */
  unsafeFastWrites?: boolean;
  /** Keys for personal data; without them a file store keeps its own in `<file>.keys.json` (mode 0600). */
  keyring?: Keyring;
  /** Bytes per page of a new database file (SQLite's default otherwise). */
  pageSize?: number;
  /** Databases attached under their schema names, each with its own write-ahead log and flush policy. */
  attach?: readonly { schema: string; file: string; synchronous: 'OFF' | 'NORMAL' | 'FULL' }[];
}

/**
 * Before SQLite sees the file: its folder exists and may be written (SQLite would only say "unable to open database
 * file" on a read-only disk), and an existing file is not empty. An empty file is a valid empty database to SQLite,
 * which would then be migrated and seeded afresh; here it is what a failed copy or a disk that filled up left of a
 * store, so it is refused.
 */
function checkDatabaseFile(file: string): void {
  const folder = dirname(file);
  mkdirSync(folder, { recursive: true });
  accessSync(folder, constants.W_OK);
  if (existsSync(file) && statSync(file).size === 0) {
    throw Object.assign(
      new Error(
        `the database ${file} is an empty file (0 bytes). If it held data, restore it from a backup; to start with a new database, remove it.`,
      ),
      { code: 'EMPTY_DATABASE_FILE' },
    );
  }
}

/**
 * A SQLite store (better-sqlite3, WAL). File stores also get a snapshot reader: a read-only connection of its own
 * whose statements each see every commit made before them.
 */
export async function openSqliteStore<DB extends TableMap<DB>>(
  options: SqliteStoreOptions,
): Promise<Store<DB>> {
  const { file } = options;
  if (file !== ':memory:') checkDatabaseFile(file);
  const attach = options.attach ?? [];
  const sqlite = new SqliteDatabase(file);
  if (options.pageSize) sqlite.pragma(`page_size = ${options.pageSize}`);
  sqlite.pragma(`journal_mode = ${options.unsafeFastWrites ? 'OFF' : 'WAL'}`);
  // FULL: an acknowledged write survives a power cut, not only a process crash.
  sqlite.pragma(`synchronous = ${options.unsafeFastWrites ? 'OFF' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  if (options.unsafeFastWrites) {
    // Building a database: a larger page cache for the load (the seed sets its own for the index builds).
    sqlite.pragma('cache_size = -262144');
  }
  sqlite.pragma('temp_store = MEMORY');
  for (const { schema, file: attached, synchronous } of attach) {
    sqlite.prepare(`attach database ? as ${schema}`).run(attached);
    sqlite.pragma(`${schema}.journal_mode = WAL`);
    sqlite.pragma(`${schema}.synchronous = ${synchronous}`);
  }
  const root = new Kysely<object>({
    dialect: new SqliteDialect({
      database: withWriteLockedTransactions(
        withStatementCache(sqlite),
        KEY_CHECK_WRITE_LOCK,
        () => sqlite.inTransaction,
      ),
    }),
  });
  let keyring: Keyring;
  try {
    const createdNow = await isEmptyDatabase(root, 'sqlite');
    // Every transaction locks through it (see withWriteLockedTransactions): it must exist before the first one.
    await createKeyCheckTable(root);
    await migrate(root, 'sqlite', options);
    keyring =
      file === ':memory:'
        ? (options.keyring ?? localKeyring(file))
        : await storeKeyring(root, {
            dialect: 'sqlite',
            storeName: file,
            keyring: options.keyring,
            keyFile: `${file}.keys.json`,
            createdNow,
          });
  } catch (error) {
    await root.destroy();
    throw error;
  }
  let read: SnapshotRead | undefined;
  let reader: SqliteHandle | undefined;
  if (file !== ':memory:') {
    reader = new SqliteDatabase(file, { readonly: true });
    reader.pragma('cache_size = -65536');
    for (const { schema, file: attached } of attach)
      reader.prepare(`attach database ? as ${schema}`).run(attached);
    const statements = withStatementCache(reader);
    read = <R>(sql: string, parameters: readonly unknown[]) =>
      (statements.prepare(sql) as unknown as { all(p: readonly unknown[]): R[] }).all(parameters);
  }
  // A store in a file flushes its shared commits' log off the event loop (decision 0241).
  const flushLog = file === ':memory:' || options.unsafeFastWrites ? undefined : logFlusher(file);
  // ... and checkpoints its log off the event loop too (decision 0244).
  const checkpoints = flushLog ? walCheckpoints(sqlite, file, attach) : undefined;
  const tables = storeTables(root, { dialect: 'sqlite', keyring }, flushLog ? { flushLog } : {});
  return {
    ...tables<DB>(),
    ...(read ? { read } : {}),
    tables,
    async close() {
      reader?.close();
      await checkpoints?.close();
      await root.destroy();
      await flushLog?.close();
    },
  };
}
