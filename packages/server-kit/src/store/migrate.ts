import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect } from './store.ts';

/** Numbered migrations, in order; each may ask the dialect so ids map to the store's native 64-bit keys. */
export type MigrationSet = (dialect: Dialect) => Record<string, Migration>;

export interface MigrationOptions {
  migrations: MigrationSet;
  /**
   * Bookkeeping tables of its own (Kysely's by default), so parts that share one database each migrate without
   * knowing the other's list.
   */
  migrationTable?: string;
  migrationLockTable?: string;
  /** Migrations numbered by feature: a database may meet them in any order. */
  allowUnorderedMigrations?: boolean;
  /** Named in the error when one fails, e.g. `BFF `. */
  label?: string;
}

export async function migrate<DB>(
  db: Kysely<DB>,
  dialect: Dialect,
  options: MigrationOptions,
): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => options.migrations(dialect) };
  const migrator = new Migrator({
    db,
    provider,
    ...(options.migrationTable ? { migrationTableName: options.migrationTable } : {}),
    ...(options.migrationLockTable ? { migrationLockTableName: options.migrationLockTable } : {}),
    ...(options.allowUnorderedMigrations ? { allowUnorderedMigrations: true } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed)
    throw new Error(`${options.label ?? ''}migration ${failed?.migrationName ?? ''} failed`, {
      cause: error,
    });
}
