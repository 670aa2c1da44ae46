import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import { generateKeyring, type Keyring, parseKeyring } from '../crypto/personal-data.ts';
import { ingestJournal, type JournalWriter, openJournalWriter } from './audit-journal.mjs';
import { type CommitGroup, createCommitGroup, directCommits } from './commit-group.ts';
import { m0001 } from './migrations/0001-orders.ts';
import { m0002 } from './migrations/0002-users.ts';
import { m0003 } from './migrations/0003-locations-reviews.ts';
import { m0004 } from './migrations/0004-oauth.ts';
import { m0005 } from './migrations/0005-notifications.ts';
import { m0006 } from './migrations/0006-delivery.ts';
import { m0007 } from './migrations/0007-team.ts';
import { createAuditTables, m0008 } from './migrations/0008-audit-file.ts';
import { createPool, databaseName } from './postgres.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';

export type Dialect = 'sqlite' | 'postgres';

export type SnapshotRead = <R>(sql: string, parameters: readonly unknown[]) => R[];

export interface AuditJournal {
  /** Appends access-log rows (the values of `JOURNAL_COLUMNS`, in order) in one write; throws when it fails. */
  append(rows: readonly (readonly unknown[])[]): void;
  /** Moves whatever the journal holds into the log's table now: call before reading the log. */
  catchUp(): void;
}

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Keys that seal personal data in this store. */
  keyring: Keyring;
  /**
   * Where audit rows go: its commits do not wait for the disk flush (SQLite: a second connection with
   * `synchronous = NORMAL`; the same handle for an in-memory store). See docs/decisions/0007.
   */
  auditDb: Kysely<Database>;
  /**
   * SQLite file stores that serve requests: the access log's journal (decision 0088). `append` returns once the
   * operating system holds the rows, a few microseconds for a whole batch; the store's background thread moves them
   * into the log's table. Absent elsewhere: write through `auditDb`.
   */
  auditJournal?: AuditJournal;
  /**
   * Runs compiled read-only SQL on a connection of its own, at once and without the query queue: each statement
   * sees everything committed before it and nothing uncommitted (a WAL snapshot). Absent for in-memory stores, where
   * reads go through `db`. Absent on PostgreSQL, where every read takes a pooled connection of its own anyway.
   */
  read?: SnapshotRead;
  /**
   * How many changes other connections have committed to the database so far, as the snapshot reader sees it now
   * (SQLite's `PRAGMA data_version`): equal answers mean nothing was committed in between, by this process or any
   * other. One cheap statement that lets a read trust what it verified earlier instead of asking again (decision
   * 0087). Absent where `read` is.
   */
  changeCount?: () => number;
  /**
   * Where writes that must be durable before they are acknowledged run: on SQLite the units arriving together share
   * one commit (decision 0086); on PostgreSQL each has its own transaction.
   */
  group: CommitGroup<Database>;
  /** PostgreSQL only: the connection URL, for parts that hold a connection of their own (LISTEN). */
  url?: string;
  close(): Promise<void>;
}

/** Numbered migrations, in order; each receives the dialect so ids map to the store's native 64-bit keys. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-orders': m0001(dialect),
    '0002-users': m0002(dialect),
    '0003-locations-reviews': m0003(dialect),
    '0004-oauth': m0004(dialect),
    '0005-notifications': m0005(dialect),
    '0006-delivery': m0006(dialect),
    '0007-team': m0007,
    '0008-audit-file': m0008(dialect),
  };
}

export async function migrate(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
}

export type OpenStoreOptions = SqliteStoreOptions | PostgresStoreOptions;

export interface SqliteStoreOptions {
  /** A file path, or ':memory:' for a throwaway database. */
  file: string;
  url?: undefined;
  /** Skip fsync on commit; only for building a database that is thrown away on failure (the seed CLI). */
  unsafeFastWrites?: boolean;
  /** Keys for personal data; without them a file store keeps its own in `<file>.keys.json` (mode 0600). */
  keyring?: Keyring;
}

export interface PostgresStoreOptions {
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

/**
 * Local use needs no configuration: the first run writes a key file beside the database. Deployments pass keys
 * from their secret store instead (DATA_KEYS, DATA_INDEX_KEY), so the key never sits next to the data it protects.
 */
export function localKeyring(file: string): Keyring {
  if (file === ':memory:') {
    const fresh = generateKeyring();
    return parseKeyring(fresh.keys, fresh.indexKey);
  }
  return fileKeyring(`${file}.keys.json`);
}

/** Keys kept in a local file (mode 0600), written on first use; several processes may race to write it. */
export function fileKeyring(keyFile: string): Keyring {
  if (!existsSync(keyFile)) {
    try {
      writeFileSync(keyFile, JSON.stringify(generateKeyring()), { mode: 0o600, flag: 'wx' });
      chmodSync(keyFile, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const saved = JSON.parse(readFileSync(keyFile, 'utf8')) as { keys: string; indexKey: string };
  return parseKeyring(saved.keys, saved.indexKey);
}

export async function openStore(options: OpenStoreOptions): Promise<Store> {
  if (options.url !== undefined) return openPostgresStore(options);
  return openSqliteStore(options);
}

/**
 * PostgreSQL through a pool: the same schema and repositories, 64-bit integers read as numbers. Audit rows take
 * the same pool; their transactions set `synchronous_commit = off` themselves (access-log repository).
 */
async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const pool = createPool({
    url: options.url,
    ...(options.poolSize ? { max: options.poolSize } : {}),
  });
  if (options.unsafeFastWrites)
    pool.on('connect', (client) => void client.query('set synchronous_commit = off'));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrate(db, 'postgres');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let keyring = options.keyring;
  if (!keyring) {
    const keyFile = options.keyFile ?? `data/${databaseName(options.url)}.keys.json`;
    mkdirSync(dirname(keyFile), { recursive: true });
    keyring = fileKeyring(keyFile);
  }
  return {
    db,
    dialect: 'postgres',
    group: directCommits(db),
    keyring,
    auditDb: db,
    url: options.url,
    async close() {
      await db.destroy();
    },
  };
}

/** `data/mostrador.db` → `data/mostrador.audit.db`: the access log's own file, beside the store's. */
export function auditFileOf(file: string): string {
  return file.endsWith('.db') ? `${file.slice(0, -3)}.audit.db` : `${file}.audit.db`;
}

interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Checkpoints the write-ahead log from a worker thread every `intervalMs` (decision 0086). A checkpoint writes
 * pages back into the database file and flushes it to disk, which stalls whoever runs it for milliseconds; left to
 * SQLite it is run by the commit that crosses the threshold, on the thread that answers requests. Each round first
 * moves the access log's journal into its table (decision 0088).
 */
function startCheckpointer(
  file: string,
  auditFile: string,
  onFailure: () => void,
  intervalMs = 200,
): Checkpointer {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, auditFile, intervalMs },
  });
  worker.unref();
  let failed = false;
  worker.on('error', () => {
    failed = true;
    onFailure();
  });
  return {
    async stop() {
      if (failed) return;
      const stopped = new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}

async function openSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
  const sqlite = new SqliteDatabase(options.file);
  // Order rows carry their rendered documents (~3 KB): 8 KB pages hold several instead of one per 4 KB page.
  sqlite.pragma('page_size = 8192');
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, not only a process crash.
  sqlite.pragma(`synchronous = ${options.unsafeFastWrites ? 'OFF' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  if (options.unsafeFastWrites) {
    // Building a database: a larger page cache and helper threads for the sorts behind CREATE INDEX.
    sqlite.pragma('cache_size = -262144');
    sqlite.pragma('threads = 2');
  }
  sqlite.pragma('temp_store = MEMORY');
  // The access log lives in a file of its own, attached as `audit` (decision 0086); its table name resolves there.
  const auditFile = options.file === ':memory:' ? ':memory:' : auditFileOf(options.file);
  sqlite.prepare('attach database ? as audit').run(auditFile);
  sqlite.pragma('audit.journal_mode = WAL');
  sqlite.pragma(`audit.synchronous = ${options.unsafeFastWrites ? 'OFF' : 'NORMAL'}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  await migrate(db, 'sqlite');
  // An audit file that went missing starts again empty rather than failing every read that must be logged.
  await createAuditTables(db as unknown as Kysely<unknown>);
  let auditDb = db;
  let read: SnapshotRead | undefined;
  let changeCount: (() => number) | undefined;
  let reader: InstanceType<typeof SqliteDatabase> | undefined;
  let checkpointer: Checkpointer | undefined;
  let auditJournal: AuditJournal | undefined;
  let journalWriter: JournalWriter | undefined;
  let finishJournal: (() => void) | undefined;
  let catchUpTimer: NodeJS.Timeout | undefined;
  if (options.file !== ':memory:') {
    reader = new SqliteDatabase(options.file, { readonly: true });
    reader.pragma('cache_size = -65536');
    reader.prepare('attach database ? as audit').run(auditFile);
    const statements = withStatementCache(reader);
    read = <R>(sql: string, parameters: readonly unknown[]) =>
      (statements.prepare(sql) as unknown as { all(p: readonly unknown[]): R[] }).all(parameters);
    // The access log's own file is attached too; only the main database's changes count.
    const dataVersion = reader.prepare('pragma main.data_version').pluck();
    changeCount = () => dataVersion.get() as number;
    const audit = new SqliteDatabase(auditFile);
    audit.pragma('journal_mode = WAL');
    audit.pragma('synchronous = NORMAL');
    audit.pragma('busy_timeout = 5000');
    const auditStatements = withStatementCache(audit);
    auditDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: auditStatements }) });
    if (!options.unsafeFastWrites) {
      const writer = openJournalWriter(auditFile);
      journalWriter = writer;
      const catchUp = () => {
        ingestJournal(audit, auditFile);
      };
      auditJournal = { append: (rows) => writer.append(rows), catchUp };
      // Once closed, this writer's segments are complete: moved and removed now rather than at the next start.
      finishJournal = () => ingestJournal(audit, auditFile, { closed: [writer.id] });
      checkpointer = startCheckpointer(options.file, auditFile, () => {
        // Without its own thread the writers checkpoint again, as SQLite does by default, and this thread moves
        // the journal into the log.
        sqlite.pragma('wal_autocheckpoint = 1000');
        audit.pragma('wal_autocheckpoint = 1000');
        catchUpTimer = setInterval(catchUp, 1000).unref();
      });
      sqlite.pragma('wal_autocheckpoint = 0');
      audit.pragma('wal_autocheckpoint = 0');
    }
  }
  return {
    db,
    dialect: 'sqlite',
    group: createCommitGroup(db),
    keyring: options.keyring ?? localKeyring(options.file),
    auditDb,
    ...(read ? { read } : {}),
    ...(changeCount ? { changeCount } : {}),
    ...(auditJournal ? { auditJournal } : {}),
    async close() {
      // No more lines; the background thread's last round moves what is left, and this thread whatever it missed.
      journalWriter?.close();
      clearInterval(catchUpTimer);
      await checkpointer?.stop();
      finishJournal?.();
      reader?.close();
      if (auditDb !== db) await auditDb.destroy();
      await db.destroy();
    },
  };
}
