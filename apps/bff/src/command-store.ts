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

/**
 * Runs a command's `work` on the running server's store (`openCommandStore`) and closes it; a failure is told to
 * `fail` in one line, `failure` naming what could not be done (`Cannot issue a token in`).
 */
export async function withCommandStore(
  env: Env,
  options: { fail: (line: string) => never; remote: (origin: string) => string; failure: string },
  work: (store: Store, where: string) => Promise<void>,
): Promise<void> {
  const where = storeLabelOf(env);
  let store: Store | undefined;
  try {
    store = await openCommandStore(env, options.fail, options.remote);
    await work(store, where);
  } catch (error) {
    options.fail(
      `${options.failure} ${where}: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
    );
  } finally {
    await store?.close();
  }
}
