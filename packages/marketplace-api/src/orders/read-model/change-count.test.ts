import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orderSchema, orderSearchEnvelopeSchema } from '@mostrador/contracts';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../../app.ts';
import { openStore, type Store } from '../../db/store.ts';
import { createTokenRepository, hashToken } from '../../oauth/token-repository.ts';
import { DEMO_APPLICATION_ID } from '../../seed/generate.ts';
import { type SeedManifest, seedStore } from '../../seed/seed.ts';
import { expectError, SEED_NOW } from '../../test-support.ts';

/**
 * Reads that trust what they confirmed while the store's change count stays the same (decision 0087). Only file
 * stores keep the count, so these run on a file, with a second connection standing in for another process.
 */
const dir = mkdtempSync(join(tmpdir(), 'mostrador-changes-'));
const file = join(dir, 'marketplace.db');
let store: Store;
let manifest: SeedManifest;
let other: InstanceType<typeof SqliteDatabase>;
let now = Date.now();
let queries = 0;
let app: ReturnType<typeof createMarketplaceApi>;

beforeAll(async () => {
  store = await openStore({ file });
  manifest = await seedStore(store, { orders: 300, seed: 11, now: SEED_NOW });
  const read = store.read!;
  // Every statement the API runs on the snapshot reader, counted (the change count itself is not one of them).
  const counted: Store = {
    ...store,
    read: (sql, parameters) => {
      queries++;
      return read(sql, parameters);
    },
  };
  app = createMarketplaceApi({ store: counted, clock: () => new Date(now) });
  other = new SqliteDatabase(file);
  other.pragma('busy_timeout = 5000');
});

afterAll(async () => {
  other.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const issue = (userId: number) =>
  createTokenRepository(store.db).issue(DEMO_APPLICATION_ID, userId, new Date(now));
const seller = () => manifest.users.find((u) => u.role === 'seller')!;
const get = (path: string, token: string) =>
  app.request(path, { headers: { authorization: `Bearer ${token}`, 'x-format-new': 'true' } });

async function paidOrderOf(token: string, sellerId: number) {
  const res = await get(`/orders/search?seller=${sellerId}&order.status=paid&limit=1`, token);
  const { results } = (await res.json()) as { results: { id: number; buyer: { id: number } }[] };
  return results[0]!;
}

describe('reads while nothing changed (decision 0087)', () => {
  it('answers a second read of an unchanged order, token included, without a single query', async () => {
    const { access_token: token, id } = seller();
    const order = await paidOrderOf(token, id);
    const first = await get(`/orders/${order.id}`, token);
    expect(first.status).toBe(200);
    const before = queries;
    const second = await get(`/orders/${order.id}`, token);
    expect(second.status).toBe(200);
    expect(queries - before).toBe(0);
    const body = orderSchema.parse(await second.json());
    expect(body).toEqual(orderSchema.parse(await first.json()));
    expect(body.buyer.first_name).toBeTruthy();
  });

  it('sees a change another connection committed at the very next read', async () => {
    const { access_token: token, id } = seller();
    const order = await paidOrderOf(token, id);
    await get(`/orders/${order.id}`, token);
    await get(`/orders/${order.id}`, token);
    other
      .prepare(
        `update orders set version = version + 1,
           doc = cast(replace(cast(doc as text), '"total_amount":', '"total_amount":1234.5,"was":') as blob)
         where id = ?`,
      )
      .run(order.id);
    const res = await get(`/orders/${order.id}`, token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { total_amount: number }).total_amount).toBe(1234.5);
  });

  it('refuses a token another connection revoked, at the very next request', async () => {
    const { id } = seller();
    const { token } = await issue(id);
    const order = await paidOrderOf(token, id);
    expect((await get(`/orders/${order.id}`, token)).status).toBe(200);
    expect((await get(`/orders/${order.id}`, token)).status).toBe(200);
    other.prepare('update access_tokens set revoked_at = ? where token_hash = ?').run(now, hashToken(token));
    await expectError(await get(`/orders/${order.id}`, token), 401, 'invalid_token');
  });

  it('refuses a remembered token once it has expired, though nothing changed', async () => {
    const { id } = seller();
    const { token } = await issue(id);
    const order = await paidOrderOf(token, id);
    expect((await get(`/orders/${order.id}`, token)).status).toBe(200);
    const before = queries;
    expect((await get(`/orders/${order.id}`, token)).status).toBe(200);
    expect(queries - before).toBe(0);
    now += 6 * 60 * 60 * 1000 + 1;
    try {
      await expectError(await get(`/orders/${order.id}`, token), 401, 'invalid_token');
    } finally {
      now = Date.now();
    }
  });

  it('shows a counterpart’s new name at the next read after they change it through the API', async () => {
    const { access_token: token, id } = seller();
    const order = await paidOrderOf(token, id);
    const buyer = manifest.users.find((u) => u.id === order.buyer.id);
    // The seeded demo buyers have tokens; other buyers change their names through a token of their own.
    const buyerToken = buyer ? buyer.access_token : (await issue(order.buyer.id)).token;
    await get(`/orders/${order.id}`, token);
    const put = await app.request(`/users/${order.buyer.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${buyerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Renombrada' }),
    });
    expect(put.status).toBe(200);
    const res = await get(`/orders/${order.id}`, token);
    expect(orderSchema.parse(await res.json()).buyer.first_name).toBe('Renombrada');
  });

  it('answers a search asked again without a query, logs its disclosures each time, and sees a commit at once', async () => {
    const { access_token: token, id } = seller();
    const path = `/orders/search?seller=${id}&order.status=paid&sort=date_desc&limit=5`;
    const first = await get(path, token);
    expect(first.status).toBe(200);
    const page = orderSearchEnvelopeSchema.parse(await first.json());
    const before = queries;
    store.auditJournal!.catchUp();
    const logged = await store.auditDb
      .selectFrom('personal_data_access_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const again = await get(path, token);
    expect(queries - before).toBe(0);
    expect(orderSearchEnvelopeSchema.parse(await again.json())).toEqual(page);
    // Every read is logged, from memory or not: the page's counterparts once more.
    store.auditJournal!.catchUp();
    const after = await store.auditDb
      .selectFrom('personal_data_access_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const counterparts = new Set(page.results.map((o) => o.buyer.id)).size;
    expect(Number(after.n) - Number(logged.n)).toBe(counterparts);

    // Another connection pays the newest order: the next page and its total show it.
    const newest = page.results[0]!;
    other
      .prepare("update orders set status = 'cancelled', version = version + 1 where id = ?")
      .run(newest.id);
    other
      .prepare("update order_counts set n = n - 1 where user_id = ? and side = 'seller' and status = 'paid'")
      .run(id);
    const changed = orderSearchEnvelopeSchema.parse(await (await get(path, token)).json());
    expect(changed.results.map((o) => o.id)).not.toContain(newest.id);
    expect(changed.paging.total).toBe(page.paging.total - 1);
  });
});
