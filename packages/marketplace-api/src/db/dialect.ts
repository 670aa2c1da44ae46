import { PostgresAdapter } from 'kysely';

/**
 * Whether a handle (the store's, or a transaction of it) talks to PostgreSQL. Repositories ask this for the few
 * statements that differ: row locks that skip rows other workers hold, statistics after a bulk load.
 */
export function isPostgres(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A unique-key violation (PostgreSQL 23505; SQLite's constraint error), e.g. two writers racing to one row. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
