import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBodySchema } from '@mostrador/contracts';
import { generateKeyring, parseKeyring } from '@mostrador/server-kit/store';
import pg from 'pg';
import { afterAll, expect } from 'vitest';
import { createMarketplaceApi, type MarketplaceDeps } from './app.ts';
import { openStore, type Store } from './db/store.ts';
import { createTokenRepository } from './oauth/token-repository.ts';
import { DEMO_APPLICATION_ID } from './seed/generate.ts';
import { type SeedManifest, seedStore } from './seed/seed.ts';

export { userAad } from './crypto/user-aad.ts';
export { seedStore } from './seed/seed.ts';

/** 2026-11-01T00:00:00Z: seeded tests see the same marketplace every day. */
export const SEED_NOW = Date.UTC(2026, 10, 1);

export interface TestApi {
  store: Store;
  app: ReturnType<typeof createMarketplaceApi>;
  manifest: SeedManifest;
  sellers: SeedManifest['users'];
  buyers: SeedManifest['users'];
  get(path: string, token?: string, headers?: Record<string, string>): Promise<Response>;
  json<T = unknown>(path: string, token?: string, headers?: Record<string, string>): Promise<T>;
}

/**
 * The store tests run on is the one production runs: a SQLite file in a temporary folder (with its snapshot reader
 * and change sequence), or with `TEST_DATABASE_URL=postgres://…/postgres` a fresh PostgreSQL
 * database per store, made from that server's template. Both are removed when the test file ends.
 */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/**
 * Set by `npm run soak`: tests that load a server run at their full size, with the same assertions as the lighter
 * size every `npm test` runs.
 */
export const soak: boolean = process.env.MOSTRADOR_SOAK === '1';

const opened: { store: Store; database?: string; folder?: string }[] = [];
const reopeners = new WeakMap<Store, () => Promise<Store>>();

/**
 * Another store on the same database, with the same keys: what another process (or another instance) of the
 * marketplace would hold. Closed with the others when the test file ends.
 */
export async function openSecondStore(store: Store): Promise<Store> {
  const reopen = reopeners.get(store);
  if (!reopen) throw new Error('not a test store');
  const second = await reopen();
  opened.unshift({ store: second });
  return second;
}

const files = new WeakMap<Store, string>();

/** The SQLite file a test store is on; undefined on PostgreSQL. */
export const testStoreFile = (store: Store): string | undefined => files.get(store);

/**
 * A new, empty, migrated store of the kind this run tests; closed (and removed) after the file. On PostgreSQL its
 * pool holds `poolSize` connections (4 unless given: many test files run at once on one server).
 */
export async function openTestStore({ poolSize = 4 }: { poolSize?: number } = {}): Promise<Store> {
  if (!testDatabaseUrl) {
    const folder = mkdtempSync(join(tmpdir(), 'mostrador-test-'));
    const fresh = generateKeyring();
    const options = {
      file: join(folder, 'marketplace.db'),
      keyring: parseKeyring(fresh.keys, fresh.indexKey),
    };
    const store = await openStore(options);
    opened.push({ store, folder });
    reopeners.set(store, () => openStore(options));
    files.set(store, options.file);
    return store;
  }
  const { url, database } = await createTestDatabase();
  const fresh = generateKeyring();
  const options = { url, keyring: parseKeyring(fresh.keys, fresh.indexKey), poolSize };
  const store = await openStore(options);
  opened.push({ store, database });
  reopeners.set(store, () => openStore(options));
  return store;
}

/** A uniquely named, empty PostgreSQL database on the test server; `dropTestDatabase` removes it. */
export async function createTestDatabase(): Promise<{ url: string; database: string }> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const database = `mostrador_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${database}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${database}`;
  return { url: url.toString(), database };
}

export async function dropTestDatabase(database: string): Promise<void> {
  if (!/^mostrador_test_\w+$/.test(database)) throw new Error('not a test database');
  await admin(`drop database if exists ${database} with (force)`);
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// Hooks of an imported module join the importing file's suite: each test file cleans up its own stores.
afterAll(async () => {
  const stores = opened.splice(0);
  for (const { store, database, folder } of stores) {
    await store.close().catch(() => {});
    if (database) await dropTestDatabase(database);
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
});

/** A fresh marketplace on the test store (see `openTestStore`), seeded deterministically, behind `app.request()`. */
export async function seededApi(
  options: { orders?: number; seed?: number; poolSize?: number } & Omit<MarketplaceDeps, 'store'> = {},
): Promise<TestApi> {
  const { poolSize, ...deps } = options;
  const store = await openTestStore(poolSize === undefined ? {} : { poolSize });
  const manifest = await seedStore(store, {
    orders: options.orders ?? 900,
    seed: options.seed ?? 7,
    now: SEED_NOW,
  });
  const app = createMarketplaceApi({ ...deps, store });
  const get = async (path: string, token?: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: token ? { authorization: `Bearer ${token}`, ...headers } : headers });
  return {
    store,
    app,
    manifest,
    sellers: manifest.users.filter((u) => u.role === 'seller'),
    buyers: manifest.users.filter((u) => u.role === 'buyer'),
    get,
    async json<T>(path: string, token?: string, headers?: Record<string, string>) {
      const res = await get(path, token, headers);
      expect(res.status, `${path} → ${res.status}`).toBeLessThan(300);
      return (await res.json()) as T;
    },
  };
}

/** Asserts the spec's error body and that it gives nothing of the implementation away. */
export async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await res.text();
  const body = errorBodySchema.parse(JSON.parse(text));
  expect(body).toMatchObject({ status, error: code });
  expect(Array.isArray(body.cause)).toBe(true);
  expect(text).not.toMatch(/\bat .+:\d+:\d+|\/work\/|node_modules|SELECT |sqlite|kysely|hono/i);
  return body;
}

/** The three values of a JSONP answer `name([status, headers, body])`, after checking its wrapper. */
export function unwrapJsonp(text: string, name: string): [number, Record<string, string[]>, unknown] {
  expect(text.startsWith(`${name}([`)).toBe(true);
  expect(text.endsWith('])')).toBe(true);
  return JSON.parse(text.slice(name.length + 1, -1));
}

/** A token of the demo application for any user of the store, issued once per user at `now()`. */
export function tokenIssuer(store: Store, now: () => number): (userId: number) => Promise<string> {
  const tokens = new Map<number, Promise<string>>();
  return (userId) => {
    let token = tokens.get(userId);
    if (!token) {
      token = createTokenRepository(store.db)
        .issue(DEMO_APPLICATION_ID, userId, new Date(now()))
        .then((issued) => issued.token);
      tokens.set(userId, token);
    }
    return token;
  };
}
