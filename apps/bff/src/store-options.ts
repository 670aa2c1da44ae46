import { parseKeyring } from '@mostrador/server-kit/store';
import type { Env } from './env.ts';

/**
 * Which store the server opens, from its environment: the PostgreSQL database of DATABASE_URL, else the SQLite file
 * of DATABASE_FILE, with the keys of DATA_KEYS/DATA_INDEX_KEY when given (else the key file beside the database).
 * `npm start` and `npm run token` read it here alike, so the token is one of the running server's own database.
 */
export function storeOptionsOf(env: Env) {
  const keyring =
    env.DATA_KEYS && env.DATA_INDEX_KEY ? { keyring: parseKeyring(env.DATA_KEYS, env.DATA_INDEX_KEY) } : {};
  return env.DATABASE_URL ? { url: env.DATABASE_URL, ...keyring } : { file: env.DATABASE_FILE, ...keyring };
}

/** The database as people know it, for messages: its file, or `PostgreSQL database NAME`; never the URL's password. */
export function storeLabelOf(env: Env): string {
  return env.DATABASE_URL
    ? `PostgreSQL database ${new URL(env.DATABASE_URL).pathname.slice(1)}`
    : env.DATABASE_FILE;
}
