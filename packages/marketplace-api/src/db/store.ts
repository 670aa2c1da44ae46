import {
  type ChangeSequence,
  type CommitGroup,
  changeSequenceReader,
  type Dialect,
  type Keyring,
  type Store as KitStore,
  openPostgresStore,
  openSqliteStore,
  type SnapshotRead,
} from '@mostrador/server-kit/store';
import type { Kysely, Migration } from 'kysely';
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
import { m0011 } from './migrations/0011-store-changes.ts';
import { m0012 } from './migrations/0012-clock.ts';
import { m0013 } from './migrations/0013-fault-rules.ts';
import { m0014 } from './migrations/0014-time-due.ts';
import type { Database } from './schema.ts';

export type { Dialect, SnapshotRead };

export interface Store extends Pick<KitStore<Database>, 'dialect' | 'keyring' | 'url' | 'tables' | 'close'> {
  db: Kysely<Database>;
  /**
   * Runs compiled read-only SQL on a connection of its own, at once and without the query queue: each statement
   * sees everything committed before it and nothing uncommitted (a WAL snapshot). SQLite files only.
   */
  read?: SnapshotRead;
  /**
   * Where writes run: on SQLite the units arriving together share one commit (decision 0086); on PostgreSQL each
   * has its own transaction.
   */
  group: CommitGroup<Database>;
  /** The store's change sequence (decision 0240): what everything kept in memory is checked against. */
  changes: ChangeSequence;
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
    '0011-store-changes': m0011(dialect),
    '0012-clock': m0012(dialect),
    '0013-fault-rules': m0013(dialect),
    '0014-time-due': m0014,
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
  if (options.url !== undefined) {
    const store = await openPostgresStore<Database>({ ...options, migrations });
    return { ...store, changes: changeSequenceReader(store.db as Kysely<unknown>) };
  }
  const file = options.file;
  // The access log lives in a file of its own, attached as `audit` (decision 0086): its commits do not wait for the
  // disk flush (decision 0007), and do not make the snapshot reader drop its page cache of the main file.
  const auditFile = file === ':memory:' ? ':memory:' : auditFileOf(file);
  const store = await openSqliteStore<Database>({
    ...options,
    migrations,
    // Order rows carry their rendered documents (~3 KB): 8 KB pages hold several instead of one per 4 KB page.
    pageSize: options.pageSize ?? 8192,
    attach: [{ schema: 'audit', file: auditFile, synchronous: options.unsafeFastWrites ? 'OFF' : 'NORMAL' }],
  });
  // An audit file that went missing starts again empty rather than failing every read that must be logged.
  await createAuditTables(store.db);
  return { ...store, changes: changeSequenceReader(store.db as Kysely<unknown>, store.read) };
}

/** `data/mostrador.db` → `data/mostrador.audit.db`: the access log's own file, beside the store's. */
export function auditFileOf(file: string): string {
  return file.endsWith('.db') ? `${file.slice(0, -3)}.audit.db` : `${file}.audit.db`;
}
