import type { Store } from '@mostrador/marketplace-api';
import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { m0001 } from './migrations/0001-sessions.ts';
import type { BffDatabase } from './schema.ts';

/**
 * The BFF's own migrations, in the marketplace's database but with their own bookkeeping tables, so each side
 * migrates without knowing the other's list.
 */
export async function migrateBff(store: Pick<Store, 'db'>): Promise<void> {
  const db = store.db as unknown as Kysely<unknown>;
  const provider: MigrationProvider = { getMigrations: async () => ({ '0001-sessions': m0001 }) };
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'bff_migrations',
    migrationLockTableName: 'bff_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed)
    throw new Error(`BFF migration ${failed?.migrationName ?? ''} failed`, { cause: error });
}

export type { BffDatabase };
