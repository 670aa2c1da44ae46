import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { insightsSchema, ORDER_SEARCH_MAX_LIMIT, type Today, todaySchema } from '@mostrador/contracts';
import {
  configureOAuthClient,
  createMarketplaceApi,
  DEMO_APPLICATION_ID,
  ensureDemoData,
  openStore,
  type SeedManifest,
  type Store,
  setApplicationCallback,
  startDispatcher,
} from '@mostrador/marketplace-api';
import {
  createTestDatabase,
  dropTestDatabase,
  testDatabaseUrl,
} from '@mostrador/marketplace-api/test-support';
import { generateKeyring } from '@mostrador/server-kit/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import {
  type ApiGet,
  allOrders,
  expectInsightsOf,
  expectTodayOf,
  receivedByOrder,
  searchTotal,
} from './seller-day-test-support.ts';

/**
 * The projection in the server as `npm start` runs it, in a process of its own, against a marketplace in another
 * process reached over HTTP (`MARKETPLACE_BASE_URL`): filled through the search, kept across a restart, caught up
 * on what changed while it was down; and on PostgreSQL, two instances fill a seller once.
 */
const SECRET = 'seller-day-remote-secret-0123456789abcdef';

let dir: string;
let marketplaceStore: Store;
let manifest: SeedManifest;
let remote: ReturnType<typeof serve>;
let remoteUrl: string;
/** Every request the marketplace received, as `METHOD path?query`. */
const received: string[] = [];
const started: ServerProcess[] = [];
/** While set, the marketplace holds its answers to shipment reads until it settles (a slow platform). */
let shipmentsHeld: Promise<void> | null = null;
/** While true, the marketplace refuses every shipment read with 404 (a platform that will not give it). */
let shipmentsRefused = false;

const get: ApiGet = async (path, token, headers = {}) => {
  const res = await fetch(`${remoteUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  expect(res.status, path).toBe(200);
  return res.json();
};

function start(env: Record<string, string>): ServerProcess {
  const server = startServerProcess({
    PORT: '0',
    MARKETPLACE_BASE_URL: remoteUrl,
    MARKETPLACE_CLIENT_ID: String(DEMO_APPLICATION_ID),
    MARKETPLACE_CLIENT_SECRET: SECRET,
    ...env,
  });
  started.push(server);
  return server;
}

async function signIn(origin: string, token: string): Promise<string> {
  const res = await fetch(`${origin}/bff/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', origin },
    body: JSON.stringify({ access_token: token }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function today(origin: string, cookie: string): Promise<Today> {
  const res = await fetch(`${origin}/bff/today`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return todaySchema.parse(await res.json());
}

const ready = (origin: string, cookie: string) =>
  expect
    .poll(async () => (await today(origin, cookie)).projection.state, { timeout: 60_000, interval: 100 })
    .toBe('ready');

/** The fill's searches: from a creation date on (the catch-up's name a last-updated date too; the test's, neither). */
const fillSearches = () =>
  received.filter(
    (r) =>
      r.startsWith('GET /orders/search?') &&
      r.includes('order.date_created.from') &&
      !r.includes('order.date_last_updated'),
  );

const seller = () => manifest.users.find((u) => u.nickname === 'TIENDA_PALERMO')!;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'seller-day-'));
  marketplaceStore = await openStore({ file: join(dir, 'marketplace.db') });
  const seeded = await ensureDemoData(marketplaceStore, { orders: 400, seed: 11 });
  if (!seeded) throw new Error('the store was not empty');
  manifest = seeded;
  await configureOAuthClient(marketplaceStore, {
    applicationId: DEMO_APPLICATION_ID,
    clientSecret: SECRET,
    redirectUris: ['http://127.0.0.1:9/bff/callback'],
  });
  // Local use: the seller may raise a fraud alert itself, as the platform's tools would.
  const api = createMarketplaceApi({ store: marketplaceStore, localUse: true });
  const listening = new Promise<AddressInfo>((resolve) => {
    remote = serve(
      {
        fetch: (request: Request) => {
          const url = new URL(request.url);
          received.push(`${request.method} ${url.pathname}${url.search}`);
          if (shipmentsRefused && url.pathname.startsWith('/shipments/')) {
            return Response.json(
              { message: 'Shipment not found', error: 'not_found', status: 404, cause: [] },
              { status: 404 },
            );
          }
          const held = url.pathname.startsWith('/shipments/') ? shipmentsHeld : null;
          return held ? held.then(() => api.fetch(request)) : api.fetch(request);
        },
        hostname: '127.0.0.1',
        port: 0,
      },
      (info) => resolve(info),
    );
  });
  remoteUrl = `http://127.0.0.1:${(await listening).port}`;
}, 120_000);

afterAll(async () => {
  for (const server of started) await server.stop();
  await new Promise((resolve) => remote?.close(resolve));
  await marketplaceStore?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the projection against a remote marketplace', () => {
  it('fills through the search, answers as the API counts, keeps its rows across a restart and catches up', async () => {
    const file = join(dir, 'bff.db');
    const first = start({ DATABASE_FILE: file });
    const origin = await first.listening;
    const { id: sellerId, access_token: token } = seller();
    const cookie = await signIn(origin, token);
    await ready(origin, cookie);

    const orders = await allOrders(get, token, sellerId);
    const received0 = await receivedByOrder(get, token, orders);
    const answer = await today(origin, cookie);
    await expectTodayOf(answer, get, token, orders, Date.now());
    for (const query of ['days=90', 'from=2025-11-01&to=2026-10-31', 'from=2026-06-01&to=2026-06-30']) {
      const res = await fetch(`${origin}/bff/insights?${query}`, { headers: { cookie } });
      expect(res.status, query).toBe(200);
      expectInsightsOf(insightsSchema.parse(await res.json()), orders, received0);
    }

    // Down: a sale is rated and no notification reaches the dashboard.
    await first.stop();
    const unrated = answer.queues.find((q) => q.id === 'unrated_sales')!;
    const sale = unrated.entries[0]!;
    const rated = await fetch(`${remoteUrl}/orders/${sale.order_id}/feedback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fulfilled: true, rating: 'positive' }),
    });
    expect(rated.status).toBe(201);

    const fills = fillSearches().length;
    const second = start({ DATABASE_FILE: file });
    const again = await second.listening;
    // What it kept answers at once, filled; then what changed while it was down comes in.
    const kept = await today(again, cookie);
    expect(kept.projection.state).toBe('ready');
    await expect
      .poll(async () => (await today(again, cookie)).queues.find((q) => q.id === 'unrated_sales')!.count, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(unrated.count - 1);
    const caught = await today(again, cookie);
    const queue = caught.queues.find((q) => q.id === 'unrated_sales')!;
    expect(queue.count).toBe(await searchTotal(get, token, sellerId, queue.search));
    expect(queue.entries.map((e) => e.order_id)).not.toContain(sale.order_id);
    // The restart read no order again from the first: only what changed.
    expect(fillSearches().length).toBe(fills);
  }, 120_000);

  it('gives its turn back when stopped in the middle of a fill: the next start goes on at once', async () => {
    const file = join(dir, 'bff-stopped.db');
    const first = start({ DATABASE_FILE: file });
    const origin = await first.listening;
    const other = manifest.users.find((u) => u.nickname === 'LOJA_PINHEIROS')!;
    const cookie = await signIn(origin, other.access_token);
    let release = () => {};
    shipmentsHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const shipmentReads = () => received.filter((r) => r.startsWith('GET /shipments/')).length;
    const before = shipmentReads();
    expect((await today(origin, cookie)).projection.state).toBe('filling');
    // The fill is in the middle of its first page when the server is told to stop.
    await expect.poll(shipmentReads, { timeout: 30_000, interval: 50 }).toBeGreaterThan(before);
    first.child.kill('SIGTERM');
    shipmentsHeld = null;
    release();
    expect(await first.exited).toBe(0);

    const second = start({ DATABASE_FILE: file });
    const again = await second.listening;
    // Well inside the minute a turn lasts: the stopped server gave it back.
    await expect
      .poll(async () => (await today(again, cookie)).projection.state, { timeout: 20_000, interval: 100 })
      .toBe('ready');
    const orders = await allOrders(get, other.access_token, other.id);
    const received0 = await receivedByOrder(get, other.access_token, orders);
    const res = await fetch(`${again}/bff/insights?from=2025-11-01&to=2026-10-31`, { headers: { cookie } });
    expectInsightsOf(insightsSchema.parse(await res.json()), orders, received0);
  }, 120_000);

  it("follows the marketplace's notifications: a fraud alert cancelled and a sale rated leave their queues", async () => {
    const first = start({ DATABASE_FILE: join(dir, 'bff-live.db'), NOTIFICATION_SOURCE_CHECK: 'loopback' });
    const origin = await first.listening;
    const { id: sellerId, access_token: token } = seller();
    const cookie = await signIn(origin, token);
    await ready(origin, cookie);
    await setApplicationCallback(marketplaceStore, DEMO_APPLICATION_ID, `${origin}/bff/notifications`, {
      localUse: true,
    });
    const dispatcher = startDispatcher({ store: marketplaceStore, localUse: true, pollMs: 20 });
    try {
      const queue = async (id: string) => (await today(origin, cookie)).queues.find((q) => q.id === id)!;
      const unrated = await queue('unrated_sales');
      const sale = unrated.entries[0]!;
      const rated = await fetch(`${remoteUrl}/orders/${sale.order_id}/feedback`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fulfilled: true, rating: 'positive' }),
      });
      expect(rated.status).toBe(201);
      await expect
        .poll(async () => (await queue('unrated_sales')).count, { timeout: 30_000, interval: 100 })
        .toBe(unrated.count - 1);

      // The bank signals fraud on a paid sale: it joins the alerts; the seller cancels it: it leaves them.
      const fraud = await queue('fraud_alerts');
      const paid = unrated.entries[1]!;
      const post = (path: string, body?: unknown) =>
        fetch(`${remoteUrl}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      expect((await post(`/orders/${paid.order_id}/fraud_alert`)).status).toBe(200);
      await expect
        .poll(async () => (await queue('fraud_alerts')).count, { timeout: 30_000, interval: 100 })
        .toBe(fraud.count + 1);
      expect((await queue('fraud_alerts')).entries.map((e) => e.order_id)).toContain(paid.order_id);
      expect((await post(`/orders/${paid.order_id}/cancel`, { code: 'fraud_risk_detected' })).status).toBe(
        200,
      );
      await expect
        .poll(async () => (await queue('fraud_alerts')).count, { timeout: 30_000, interval: 100 })
        .toBe(fraud.count);
      const after = await today(origin, cookie);
      for (const q of after.queues.filter((q) => q.exact)) {
        expect(q.count, q.id).toBe(await searchTotal(get, token, sellerId, q.search));
      }
    } finally {
      await dispatcher.stop();
      await first.stop();
    }
  }, 120_000);

  it('reads a shipment the platform will not give as none, and still fills', async () => {
    const first = start({ DATABASE_FILE: join(dir, 'bff-refused.db') });
    const origin = await first.listening;
    const other = manifest.users.find((u) => u.nickname === 'BAZAR_COYOACAN')!;
    const cookie = await signIn(origin, other.access_token);
    shipmentsRefused = true;
    try {
      await ready(origin, cookie);
      const insights = insightsSchema.parse(
        await (
          await fetch(`${origin}/bff/insights?from=2025-11-01&to=2026-10-31`, { headers: { cookie } })
        ).json(),
      );
      const orders = await allOrders(get, other.access_token, other.id);
      expect(insights.figures.orders).toBe(
        orders.filter((o) => o.date_created >= '2025-11-01' && o.date_created < '2026-11-01').length,
      );
      const answer = await today(origin, cookie);
      // Without a shipment, a paid order is a delivery the parties arrange: none waits for the carrier.
      expect(answer.queues.find((q) => q.id === 'to_ship')!.count).toBe(0);
    } finally {
      shipmentsRefused = false;
      await first.stop();
    }
  }, 120_000);
});

const onPostgres = testDatabaseUrl ? describe : describe.skip;

onPostgres('two instances on one PostgreSQL database', () => {
  let database: string | undefined;
  afterAll(async () => {
    if (database) await dropTestDatabase(database);
  });

  it('fill a seller once, and both answer the same figures', async () => {
    const created = await createTestDatabase();
    database = created.database;
    const keys = generateKeyring();
    const env = { DATABASE_URL: created.url, DATA_KEYS: keys.keys, DATA_INDEX_KEY: keys.indexKey };
    // One starts first, so the two do not race to create the tables.
    const a = start(env);
    const originA = await a.listening;
    const b = start(env);
    const originB = await b.listening;
    const { id: sellerId, access_token: token } = seller();
    // One session, in the store both share.
    const cookie = await signIn(originA, token);
    const before = fillSearches().length;
    await Promise.all([today(originA, cookie), today(originB, cookie), today(originA, cookie)]);
    await ready(originA, cookie);
    await ready(originB, cookie);

    const orders = await allOrders(get, token, sellerId);
    // One fill: a page per 51 orders, and the short last one.
    expect(fillSearches().length - before).toBe(Math.floor(orders.length / ORDER_SEARCH_MAX_LIMIT) + 1);
    const received0 = await receivedByOrder(get, token, orders);
    const period = 'from=2025-11-01&to=2026-10-31';
    const [fromA, fromB] = await Promise.all(
      [originA, originB].map(async (origin) =>
        insightsSchema.parse(
          await (await fetch(`${origin}/bff/insights?${period}`, { headers: { cookie } })).json(),
        ),
      ),
    );
    expect(fromB).toEqual(fromA);
    expectInsightsOf(fromA!, orders, received0);
    await expectTodayOf(await today(originB, cookie), get, token, orders, Date.now());
  }, 120_000);
});
