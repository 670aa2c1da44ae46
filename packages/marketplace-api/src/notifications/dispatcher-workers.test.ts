import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../db/store.ts';
import { createOrderWriteRepository } from '../orders/order-write-repository.ts';
import { DEMO_APPLICATION_ID } from '../seed/generate.ts';
import { seededApi, type TestApi } from '../test-support.ts';
import { setApplicationCallback } from './callback-url.ts';
import { startDispatcher } from './dispatcher.ts';

// Several processes on one database, as when the marketplace runs more than one instance: on PostgreSQL each
// "process" here has a pool of its own; SQLite's in-memory store has one connection, shared.
let api: TestApi;
let second: Store;
const received: string[] = [];
const receiver = new Hono().post('/hook', async (c) => {
  const body = (await c.req.json()) as { _id: string };
  // A receiver that takes a moment, so a worker's batch is still in flight when the other claims.
  await new Promise((resolve) => setTimeout(resolve, 5));
  received.push(body._id);
  return c.json({ ok: true });
});
let server: ReturnType<typeof serve>;

beforeAll(async () => {
  server = serve({ fetch: receiver.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  api = await seededApi({ localUse: true });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  await setApplicationCallback(api.store, DEMO_APPLICATION_ID, url, { localUse: true });
  second = api.store.url ? await openStore({ url: api.store.url, keyring: api.store.keyring }) : api.store;
});

afterAll(async () => {
  if (second !== api.store) await second.close();
  await new Promise((resolve) => server.close(resolve));
});

/** An item of the seller with plenty of stock, so concurrent orders do not run out. */
async function stockedItem(sellerId: number): Promise<string> {
  const model = await api.store.db
    .selectFrom('items')
    .selectAll()
    .where('seller_id', '=', sellerId)
    .executeTakeFirstOrThrow();
  const id = `${model.site_id}${970_000_000 + (sellerId % 1000)}`;
  await api.store.db
    .insertInto('items')
    .values({ ...model, id, available_quantity: 100_000 })
    .execute();
  return id;
}

describe('several writers and dispatchers on one database', () => {
  it('give concurrent new orders distinct ids and deliver every notification exactly once', async () => {
    const sellers = api.sellers.slice(0, 4);
    const items = new Map<number, string>();
    for (const s of sellers) items.set(s.id, await stockedItem(s.id));
    const before = await api.store.db.selectFrom('notification_outbox').select('id').execute();
    expect(before).toHaveLength(0);

    // Two handles write at once: before per-sequence ids, PostgreSQL gave both the same maximum + 1.
    const now = Date.now();
    const writers = [createOrderWriteRepository(api.store.db), createOrderWriteRepository(second.db)];
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const seller = sellers[i % sellers.length]!;
        const buyer = api.buyers.find((b) => b.site_id === seller.site_id) ?? api.buyers[0]!;
        return writers[i % 2]!.create({
          buyerId: buyer.id,
          sellerId: seller.id,
          items: [{ id: items.get(seller.id)!, quantity: 1 }],
          applicationId: DEMO_APPLICATION_ID,
          now,
        });
      }),
    );
    const ids = created.map((w) => w!.order.id);
    expect(new Set(ids).size).toBe(24);

    const rows = await api.store.db.selectFrom('notification_outbox').select(['id', 'feed_id']).execute();
    expect(rows).toHaveLength(24);

    const sentBy = [0, 0];
    const workers = [api.store, second].map((store, i) =>
      startDispatcher({
        store,
        localUse: true,
        batch: 2,
        pollMs: 10,
        // Not about the 500 ms deadline or leases running out: on a busy machine a slow answer would be a failed
        // attempt, sent again, and a second delivery here would be the spec's retry, not a double claim.
        timeoutMs: 60_000,
        leaseMs: 300_000,
        onAttempt: (_n, outcome) => {
          if (outcome === 'delivered') sentBy[i]! += 1;
        },
      }),
    );
    const deadline = Date.now() + 15_000;
    while (received.length < rows.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A little longer: a second send of anything would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await Promise.all(workers.map((w) => w.stop()));

    expect(received.sort()).toEqual(rows.map((r) => r.feed_id).sort());
    const attempts = await api.store.db
      .selectFrom('notification_attempts')
      .select((eb) => ['outbox_id', eb.fn.countAll<number>().as('n')])
      .groupBy('outbox_id')
      .execute();
    expect(attempts).toHaveLength(24);
    expect(attempts.every((a) => Number(a.n) === 1)).toBe(true);
    const undelivered = await api.store.db
      .selectFrom('notification_outbox')
      .select('id')
      .where('delivered_at', 'is', null)
      .execute();
    expect(undelivered).toHaveLength(0);
    // Both workers took part.
    expect(sentBy[0]).toBeGreaterThan(0);
    expect(sentBy[1]).toBeGreaterThan(0);
  });
});
