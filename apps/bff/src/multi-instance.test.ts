import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import {
  configureOAuthClient,
  createMarketplaceApi,
  createSimulator,
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bff, createBffApp } from './app.ts';
import { type BffDatabase, migrateBff } from './db/migrate.ts';
import { createEventSignal, type EventSignal } from './live-updates/event-signal.ts';
import { API_BASE_PATH } from './marketplace.ts';
import { Browser, CLIENT_SECRET, connection, type Kit, LOOSE_LIMITS, ORIGIN } from './test-support.ts';

/**
 * Two BFF instances, each with its own store handle (its own connection pool) and its own embedded marketplace,
 * on one PostgreSQL database, as behind a load balancer. Needs `TEST_DATABASE_URL`; skipped otherwise.
 */
interface Instance {
  store: Store;
  bff: Bff;
  signal: EventSignal;
  stop: (() => Promise<void>)[];
}

let database: string;
let keyDir: string;
let manifest: SeedManifest;
const instances: Instance[] = [];
let receiver: ReturnType<typeof serve>;
/** Notifications that reached instance A's receiver, by the platform's `_id`. */
const deliveredToA: string[] = [];

async function instance(url: string, options: { workerPollMs?: number } = {}): Promise<Instance> {
  const store = await openStore({ url, keyFile: join(keyDir, 'keys.json'), poolSize: 4 });
  const bffStore = store.tables<BffDatabase>();
  await migrateBff(bffStore);
  const signal = createEventSignal(bffStore);
  const bff = createBffApp({
    marketplace: createMarketplaceApi({ store, localUse: true, basePath: API_BASE_PATH }),
    store: bffStore,
    oauth: {
      clientId: DEMO_APPLICATION_ID,
      clientSecret: CLIENT_SECRET,
      authorizationUrl: '/api/authorization',
    },
    publicOrigins: [ORIGIN],
    limits: LOOSE_LIMITS,
    liveUpdates: {
      sourceCheck: 'loopback',
      heartbeatMs: 60_000,
      ...(options.workerPollMs ? { worker: { pollMs: options.workerPollMs } } : {}),
    },
    eventSignal: signal,
  });
  const created: Instance = { store, bff, signal, stop: [] };
  instances.push(created);
  return created;
}

const run = testDatabaseUrl ? describe : describe.skip;

run('two BFF instances on one PostgreSQL database', () => {
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    keyDir = mkdtempSync(join(tmpdir(), 'mostrador-keys-'));
    const created = await createTestDatabase();
    database = created.database;
    // A seeds; B starts on the seeded database. B's notification worker only looks at start, so every event is
    // published by A and can reach B's browser only across instances.
    a = await instance(created.url);
    const seeded = await ensureDemoData(a.store, { orders: 60, seed: 3 });
    if (!seeded) throw new Error('the database was not empty');
    manifest = seeded;
    b = await instance(created.url, { workerPollMs: 3_600_000 });
    await configureOAuthClient(a.store, {
      applicationId: DEMO_APPLICATION_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [`${ORIGIN}/bff/callback`],
    });
    // The platform delivers to instance A only (its callback URL names one address).
    receiver = serve({
      fetch: (request, env) => {
        const path = new URL(request.url).pathname;
        if (request.method === 'POST' && path === '/bff/notifications') {
          return request
            .clone()
            .json()
            .then((body) => {
              deliveredToA.push((body as { _id: string })._id);
              return a.bff.app.fetch(request, env);
            });
        }
        return a.bff.app.fetch(request, env);
      },
      hostname: '127.0.0.1',
      port: 0,
    });
    await new Promise((resolve) => receiver.once('listening', resolve));
    const port = (receiver.address() as AddressInfo).port;
    await setApplicationCallback(a.store, DEMO_APPLICATION_ID, `http://127.0.0.1:${port}/bff/notifications`, {
      localUse: true,
    });
    for (const i of [a, b]) {
      const live = i.bff.liveUpdates.start();
      // Each instance runs the marketplace's notification dispatcher too: two workers on one outbox.
      const dispatcher = startDispatcher({ store: i.store, localUse: true, pollMs: 20, batch: 2 });
      i.stop.push(
        () => dispatcher.stop(),
        () => live.stop(),
      );
    }
    await Promise.all([a.signal.ready(), b.signal.ready()]);
  });

  afterAll(async () => {
    for (const i of instances) {
      for (const stop of i.stop) await stop().catch(() => {});
      await i.signal.close();
      await i.store.close();
    }
    if (receiver) await new Promise((resolve) => receiver.close(resolve));
    if (database) await dropTestDatabase(database);
    if (keyDir) rmSync(keyDir, { recursive: true, force: true });
  });

  it('streams to a browser on B the orders that reached A, and sends each notification once', async () => {
    const seller = manifest.users.find((u) => u.nickname === 'TIENDA_PALERMO')!;
    // Sign in on A; the session lives in the shared database, so the same cookie works on B.
    const onA = new Browser({ bff: a.bff } as unknown as Kit, '198.51.100.7');
    const signedIn = await onA.signIn('TIENDA_PALERMO');
    expect(signedIn.status).toBe(303);
    const cookie = onA.cookieHeader();

    const stream = await b.bff.app.request(
      `${ORIGIN}/bff/events`,
      { headers: { cookie, accept: 'text/event-stream' } },
      connection('198.51.100.7'),
    );
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const events: { id: number; event: string; data: Record<string, unknown> }[] = [];
    let buffer = '';
    const pump = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((l) => l.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const data = field('data');
          if (data)
            events.push({ id: Number(field('id')), event: field('event') ?? '', data: JSON.parse(data) });
          end = buffer.indexOf('\n\n');
        }
      }
    })();

    // Changes on the seller's orders, written through instance B's handle.
    const simulator = createSimulator(b.store, { seed: 11 });
    const changed = new Set<number>();
    for (let i = 0; i < 40 && changed.size < 5; i++) {
      const change = await simulator.step('order');
      if (change?.sellerId === seller.id) changed.add(change.orderId);
    }
    expect(changed.size).toBeGreaterThan(0);

    const deadline = Date.now() + 15_000;
    const seen = () => new Set(events.map((e) => (e.data.order as { id: number } | undefined)?.id));
    while ([...changed].some((id) => !seen().has(id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await reader.cancel();
    await pump.catch(() => {});

    // Every changed order of the seller reached the browser on B, as A published it.
    for (const id of changed) expect(seen().has(id), `order ${id} reached B's stream`).toBe(true);
    expect(events.every((e) => e.event === 'order_changed' && e.data.user_id === seller.id)).toBe(true);

    // The two dispatchers sent each notification once: one attempt per outbox row, and A's receiver saw each
    // notification id once.
    const outbox = await a.store.db
      .selectFrom('notification_outbox')
      .select(['feed_id', 'delivered_at'])
      .execute();
    expect(outbox.length).toBeGreaterThan(0);
    const attempts = await a.store.db
      .selectFrom('notification_attempts')
      .select((eb) => ['outbox_id', eb.fn.countAll<number>().as('n')])
      .groupBy('outbox_id')
      .execute();
    expect(attempts.every((r) => Number(r.n) === 1)).toBe(true);
    expect(new Set(deliveredToA).size).toBe(deliveredToA.length);
    const delivered = outbox.filter((r) => r.delivered_at !== null).map((r) => r.feed_id);
    for (const id of delivered) expect(deliveredToA).toContain(id);
  });
});
