import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import {
  configureOAuthClient,
  createMarketplaceApi,
  DEMO_APPLICATION_ID,
  ensureDemoData,
  openStore,
  type SeedManifest,
  type Store,
} from '@mostrador/marketplace-api';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const SECRET = 'remote-mode-client-secret-0123456789abcdef';

/**
 * The server entry pointed at a remote marketplace (a real one, over HTTP on loopback): it opens a store with the
 * BFF's tables alone and boots nothing of the embedded marketplace.
 */
describe('server with MARKETPLACE_BASE_URL', () => {
  let dir: string;
  let file: string;
  let marketplaceStore: Store;
  let manifest: SeedManifest;
  let remote: ReturnType<typeof serve>;
  let remoteUrl: string;
  /** Requests the remote marketplace received, as `METHOD /path`. */
  const received: string[] = [];
  let child: ServerProcess;
  let bffUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bff-remote-'));
    file = join(dir, 'bff.db');
    marketplaceStore = await openStore({ file: ':memory:' });
    const seeded = await ensureDemoData(marketplaceStore, { orders: 30, seed: 3 });
    if (!seeded) throw new Error('the store was not empty');
    manifest = seeded;
    await configureOAuthClient(marketplaceStore, {
      applicationId: DEMO_APPLICATION_ID,
      clientSecret: SECRET,
      redirectUris: ['http://127.0.0.1:9/bff/callback'],
    });
    const api = createMarketplaceApi({ store: marketplaceStore });
    const listening = new Promise<AddressInfo>((resolve) => {
      remote = serve(
        {
          fetch: (request: Request) => {
            received.push(`${request.method} ${new URL(request.url).pathname}`);
            return api.fetch(request);
          },
          hostname: '127.0.0.1',
          port: 0,
        },
        (info) => resolve(info),
      );
    });
    remoteUrl = `http://127.0.0.1:${(await listening).port}`;

    child = startServerProcess({
      PORT: '0',
      DATABASE_FILE: file,
      MARKETPLACE_BASE_URL: remoteUrl,
      MARKETPLACE_CLIENT_ID: String(DEMO_APPLICATION_ID),
      MARKETPLACE_CLIENT_SECRET: SECRET,
    });
    bffUrl = await child.listening;
  }, 60_000);

  afterAll(async () => {
    await child?.stop();
    await new Promise((resolve) => remote?.close(resolve));
    await marketplaceStore?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs in and forwards /api to the remote marketplace', async () => {
    const seller = manifest.users.find((u) => u.role === 'seller')!;
    const signIn = await fetch(`${bffUrl}/bff/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', origin: bffUrl },
      body: JSON.stringify({ access_token: seller.access_token }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(received).toContain('GET /users/me');

    const search = await fetch(`${bffUrl}/api/orders/search?seller=${seller.id}`, { headers: { cookie } });
    expect(search.status).toBe(200);
    const body = (await search.json()) as { results: { seller: { id: number } }[] };
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.every((o) => o.seller.id === seller.id)).toBe(true);
    expect(received).toContain('GET /orders/search');
  });

  it('keeps only the BFF’s tables in its store and boots no embedded marketplace', () => {
    expect(child.output()).not.toMatch(/demo data|Seeded/);
    const db = new SqliteDatabase(file, { readonly: true });
    try {
      const tables = new Set(
        db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[],
      );
      expect(tables).toContain('bff_sessions');
      expect(tables).toContain('bff_notification_queue');
      expect(tables).toContain('bff_migrations');
      for (const marketplaceTable of ['orders', 'users', 'notification_outbox', 'kysely_migration'])
        expect(tables).not.toContain(marketplaceTable);
    } finally {
      db.close();
    }
    // Nor the access log's file that the marketplace's store keeps beside its own.
    expect(existsSync(join(dir, 'bff.audit.db'))).toBe(false);
  });
});
