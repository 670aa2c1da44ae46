import {
  type CommitGroup,
  createPool,
  type Dialect,
  type Keyring,
  type Store as KitStore,
  openPostgresStore,
  openSqliteStore,
  type SnapshotRead,
  withStatementCache,
} from '@mostrador/server-kit/store';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type Migration, PostgresDialect, SqliteDialect } from 'kysely';
import { ingestJournal, type JournalWriter, openJournalWriter } from './audit-journal.mjs';
import { m0001 } from './migrations/0001-orders.ts';
import { m0002 } from './migrations/0002-users.ts';
import { m0003 } from './migrations/0003-locations-reviews.ts';
import { m0004 } from './migrations/0004-oauth.ts';
import { m0005 } from './migrations/0005-notifications.ts';
import { m0006 } from './migrations/0006-delivery.ts';
import { m0007 } from './migrations/0007-team.ts';
import { createAuditTables, m0008 } from './migrations/0008-audit-file.ts';
import { m0009 } from './migrations/0009-read-model-changes.ts';
import { m0010 } from './migrations/0010-currency-order.ts';
import type { Database } from './schema.ts';

export type { Dialect, SnapshotRead };

export interface AuditJournal {
  /** Appends access-log rows (the values of `JOURNAL_COLUMNS`, in order) in one write; throws when it fails. */
  append(rows: readonly (readonly unknown[])[]): void;
  /** Moves whatever the journal holds into the log's table now: call before reading the log. */
  catchUp(): void;
}

export interface Store extends Pick<KitStore<Database>, 'dialect' | 'keyring' | 'url' | 'tables' | 'close'> {
  db: Kysely<Database>;
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
    '0009-read-model-changes': m0009(dialect),
    '0010-currency-order': m0010,
  };
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
  /** Bytes per page of a new file (8 KB unless given); an existing file keeps the size it was made with. */
  pageSize?: number;
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

/** Opens (and migrates) the marketplace's database: SQLite by default, PostgreSQL with `url`. */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  if (options.url !== undefined) return openPostgres(options);
  return openSqlite(options);
}

/**
 * PostgreSQL through a pool: the same schema and repositories, 64-bit integers read as numbers. Audit rows take a
 * small pool of their own whose sessions commit with `synchronous_commit = off`.
 */
async function openPostgres(options: PostgresStoreOptions): Promise<Store> {
  const store = await openPostgresStore<Database>({ ...options, migrations });
  // The access log's own connections, whose commits do not wait for the WAL flush (decision 0007): a batch of rows
  // is one statement, not a transaction that sets it.
  const auditPool = createPool({ url: options.url, max: 2, applicationName: 'mostrador-audit' });
  auditPool.on('connect', (client) => void client.query('set synchronous_commit = off'));
  const auditDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: auditPool }) });
  return {
    ...store,
    auditDb,
    async close() {
      await auditDb.destroy();
      await store.close();
    },
  };
}

/** `data/mostrador.db` → `data/mostrador.audit.db`: the access log's own file, beside the store's. */
export function auditFileOf(file: string): string {
  return file.endsWith('.db') ? `${file.slice(0, -3)}.audit.db` : `${file}.audit.db`;
}

async function openSqlite(options: SqliteStoreOptions): Promise<Store> {
  // The access log lives in a file of its own, attached as `audit` (decision 0086); its table name resolves there.
  const auditFile = options.file === ':memory:' ? ':memory:' : auditFileOf(options.file);
  const journaled = options.file !== ':memory:' && !options.unsafeFastWrites;
  let audit: InstanceType<typeof SqliteDatabase> | undefined;
  let catchUpTimer: NodeJS.Timeout | undefined;
  const catchUp = () => {
    if (audit) ingestJournal(audit, auditFile);
  };
  const store = await openSqliteStore<Database>({
    ...options,
    migrations,
    // Order rows carry their rendered documents (~3 KB): 8 KB pages hold several instead of one per 4 KB page.
    pageSize: options.pageSize ?? 8192,
    attach: [{ schema: 'audit', file: auditFile, synchronous: options.unsafeFastWrites ? 'OFF' : 'NORMAL' }],
    // Each round of the background thread first moves the access log's journal into its table (decision 0088).
    ...(journaled
      ? { backgroundTask: { module: new URL('./audit-round.mjs', import.meta.url), data: { auditFile } } }
      : {}),
    onBackgroundFailure: () => {
      // Without its own thread this thread moves the journal into the log, and the writers checkpoint again.
      audit?.pragma('wal_autocheckpoint = 1000');
      catchUpTimer = setInterval(catchUp, 1000).unref();
    },
  });
  // An audit file that went missing starts again empty rather than failing every read that must be logged.
  await createAuditTables(store.db);
  let auditDb = store.db;
  let auditJournal: AuditJournal | undefined;
  let journalWriter: JournalWriter | undefined;
  let finishJournal: (() => void) | undefined;
  if (options.file !== ':memory:') {
    audit = new SqliteDatabase(auditFile);
    audit.pragma('journal_mode = WAL');
    audit.pragma('synchronous = NORMAL');
    audit.pragma('busy_timeout = 5000');
    auditDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(audit) }) });
    if (journaled) {
      const writer = openJournalWriter(auditFile);
      const auditHandle = audit;
      journalWriter = writer;
      auditJournal = { append: (rows) => writer.append(rows), catchUp };
      // Once closed, this writer's segments are complete: moved and removed now rather than at the next start.
      finishJournal = () => ingestJournal(auditHandle, auditFile, { closed: [writer.id] });
      audit.pragma('wal_autocheckpoint = 0');
    }
  }
  const kitClose = store.close;
  return {
    ...store,
    auditDb,
    ...(auditJournal ? { auditJournal } : {}),
    async close() {
      // No more lines; the background thread's last round moves what is left, and this thread whatever it missed.
      journalWriter?.close();
      clearInterval(catchUpTimer);
      await store.stopBackground();
      finishJournal?.();
      if (auditDb !== store.db) await auditDb.destroy();
      await kitClose();
    },
  };
}
