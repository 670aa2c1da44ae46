import { existsSync } from 'node:fs';
import { openStore, type Store } from '@mostrador/marketplace-api';
import { databaseExists } from '@mostrador/server-kit/store';
import type { Env } from './env.ts';
import { storeLabelOf, storeOptionsOf } from './store-options.ts';

/**
 * The store of the server `npm start` runs with this environment (DATABASE_URL, else DATABASE_FILE), for a command
 * that works beside it (`npm run token`, `npm run faults`). Where there is none — a remote platform, no database
 * yet, PostgreSQL out of reach — `fail` is told why in one line.
 */
export async function openCommandStore(
  env: Env,
  fail: (line: string) => never,
  remote: (origin: string) => string,
): Promise<Store> {
  const where = storeLabelOf(env);
  if (env.MARKETPLACE_BASE_URL) fail(remote(new URL(env.MARKETPLACE_BASE_URL).origin));
  const exists = env.DATABASE_URL
    ? await databaseExists(env.DATABASE_URL).catch(() =>
        fail(`Cannot reach the ${where}: is PostgreSQL running, and is DATABASE_URL right?`),
      )
    : existsSync(env.DATABASE_FILE);
  if (!exists)
    fail(`There is no database at ${where} yet: start the server first (npm start), which seeds it.`);
  return openStore(storeOptionsOf(env));
}
