import { errorBodySchema } from '@mostrador/contracts';
import { expect } from 'vitest';
import { createMarketplaceApi, type MarketplaceDeps } from './app.ts';
import { openStore, type Store } from './db/store.ts';
import { type SeedManifest, seedStore } from './seed/seed.ts';

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

/** A fresh in-memory marketplace, seeded deterministically, behind `app.request()`. */
export async function seededApi(
  options: { orders?: number; seed?: number } & Omit<MarketplaceDeps, 'store'> = {},
): Promise<TestApi> {
  const store = await openStore({ file: ':memory:' });
  const manifest = await seedStore(store, {
    orders: options.orders ?? 900,
    seed: options.seed ?? 7,
    now: SEED_NOW,
  });
  const app = createMarketplaceApi({ ...options, store });
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
