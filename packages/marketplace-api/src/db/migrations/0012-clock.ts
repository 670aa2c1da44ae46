import { createClockTable } from '@mostrador/server-kit/clock';
import { type Dialect, watchTables } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';

/**
 * The store's test clock (decision 0289). Watched by the change sequence: whatever a process kept in memory at one
 * time is read again once the clock moved.
 */
export function m0012(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createClockTable(db);
      await watchTables(db, dialect, ['store_clock']);
    },
  };
}
