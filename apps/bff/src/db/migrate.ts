import type { Store } from '@mostrador/marketplace-api';
import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { m0001 } from './migrations/0001-sessions.ts';
import { m0050 } from './migrations/0050-notifications.ts';
import { m0070 } from './migrations/0070-block-notes.ts';
import { m0077 } from './migrations/0077-notification-feed.ts';
import { m0100 } from './migrations/0100-acting-account.ts';
import type { BffDatabase } from './schema.ts';

/**
 * The BFF's own migrations, in the marketplace's database but with their own bookkeeping tables, so each side
 * migrates without knowing the other's list.
 */
export async function migrateBff(store: Pick<Store, 'db'> & Partial<Pick<Store, 'dialect'>>): Promise<void> {
  const db = store.db as unknown as Kysely<unknown>;
  const provider: MigrationProvider = {
    getMigrations: async () => ({
      '0001-sessions': m0001,
      '0050-notifications': m0050(store.dialect ?? 'sqlite'),
      '0070-block-notes': m0070(store.dialect ?? 'sqlite'),
      '0077-notification-feed': m0077,
      '0100-acting-account': m0100,
    }),
  };
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'bff_migrations',
    migrationLockTableName: 'bff_migrations_lock',
    // Each BFF feature adds its own tables, numbered by feature: a database may meet them in any order.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed)
    throw new Error(`BFF migration ${failed?.migrationName ?? ''} failed`, { cause: error });
}

export type { BffDatabase };
