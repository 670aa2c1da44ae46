import {
  type CommitGroup,
  type Dialect,
  type Keyring,
  type MigrationOptions,
  migrate,
  openStore,
} from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import { createBlockNoteRepository } from '../block-notes/block-note-repository.ts';
import { m0001 } from './migrations/0001-sessions.ts';
import { m0050 } from './migrations/0050-notifications.ts';
import { m0070 } from './migrations/0070-block-notes.ts';
import { m0077 } from './migrations/0077-notification-feed.ts';
import { m0100 } from './migrations/0100-acting-account.ts';
import { m0170 } from './migrations/0170-language-preferences.ts';
import { m0181 } from './migrations/0181-order-notes.ts';
import { m0184 } from './migrations/0184-block-notes-sealed.ts';
import { m0185 } from './migrations/0185-working-accounts.ts';
import { m0190 } from './migrations/0190-saved-views.ts';
import { m0253 } from './migrations/0253-accounts-by-user.ts';
import { m0255 } from './migrations/0255-write-turns.ts';
import { m0281 } from './migrations/0281-seller-day.ts';
import type { BffDatabase } from './schema.ts';

/** The BFF's tables in a store: its own, or the embedded marketplace's (`store.tables<BffDatabase>()`). */
export interface BffStore {
  db: Kysely<BffDatabase>;
  /** The store's shared commits (decision 0086). */
  group?: CommitGroup<BffDatabase>;
  /** Seals the tokens the sessions hold. */
  keyring: Keyring;
  dialect?: Dialect;
  /** PostgreSQL: the connection URL, for the event signal's LISTEN connection. */
  url?: string | undefined;
}

/**
 * The BFF's own migrations, with their own bookkeeping tables, so in the marketplace's database each side migrates
 * without knowing the other's list.
 */
export const bffMigrations: MigrationOptions = {
  migrations: (dialect) => ({
    '0001-sessions': m0001,
    '0050-notifications': m0050(dialect),
    '0070-block-notes': m0070(dialect),
    '0077-notification-feed': m0077,
    '0100-acting-account': m0100,
    '0170-language-preferences': m0170,
    '0181-order-notes': m0181(dialect),
    '0184-block-notes-sealed': m0184,
    '0185-working-accounts': m0185,
    '0190-saved-views': m0190,
    '0253-accounts-by-user': m0253,
    '0255-write-turns': m0255,
    '0281-seller-day': m0281,
  }),
  migrationTable: 'bff_migrations',
  migrationLockTable: 'bff_migrations_lock',
  // Each BFF feature adds its own tables, numbered by feature: a database may meet them in any order.
  allowUnorderedMigrations: true,
  label: 'BFF ',
};

/**
 * What the migrations cannot do: seal the personal data written before it was sealed, with the store's keys, which
 * are checked against the store only once its migrations have run (decision 0160). Re-running changes nothing.
 */
async function sealPlainData(store: Pick<BffStore, 'db' | 'keyring'>): Promise<void> {
  await createBlockNoteRepository(store.db, store.keyring).sealPlainNotes();
}

/** Migrates the BFF's tables in a store it shares (the embedded marketplace's). */
export async function migrateBff(store: Pick<BffStore, 'db' | 'dialect' | 'keyring'>): Promise<void> {
  await migrate(store.db, store.dialect ?? 'sqlite', bffMigrations);
  await sealPlainData(store);
}

export type BffStoreOptions =
  | { file: string; url?: undefined; keyring?: Keyring }
  | { url: string; file?: undefined; keyring?: Keyring; keyFile?: string; poolSize?: number };

/**
 * A store of the BFF's alone, with its tables only (sessions, notification queue, block notes, feed…): for a BFF
 * whose marketplace is remote. SQLite file or PostgreSQL, as the marketplace's would be.
 */
export async function openBffStore(
  options: BffStoreOptions,
): Promise<BffStore & { group: CommitGroup<BffDatabase>; close(): Promise<void> }> {
  const store = await openStore<BffDatabase>({ ...options, ...bffMigrations });
  try {
    await sealPlainData(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

export type { BffDatabase };
