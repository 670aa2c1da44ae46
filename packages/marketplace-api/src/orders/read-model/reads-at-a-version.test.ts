import { orderSchema, orderSearchEnvelopeSchema } from '@mostrador/contracts';
import { type KyselyPlugin, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../../app.ts';
import type { Store } from '../../db/store.ts';
import { createTokenRepository, hashToken } from '../../oauth/token-repository.ts';
import { DEMO_APPLICATION_ID } from '../../seed/generate.ts';
import { type SeedManifest, seedStore } from '../../seed/seed.ts';
import { expectError, openSecondStore, openTestStore, SEED_NOW } from '../../test-support.ts';

/**
 * Reads that trust what they kept while the store's change sequence stands still (decision 0240), on the store this
 * run tests (a SQLite file, or PostgreSQL with TEST_DATABASE_URL), with a second store on the same database standing
 * in for another process or instance.
 */
let store: Store;
let other: Store;
let manifest: SeedManifest;
let now = Date.now();
let queries = 0;
let app: ReturnType<typeof createMarketplaceApi>;

beforeAll(async () => {
  store = await openTestStore();
  manifest = await seedStore(store, { orders: 300, seed: 11, now: SEED_NOW });
  other = await openSecondStore(store);
  // Every statement the API reads with, counted; not the reading of the change sequence (the store's own) nor the
  // commit group's writes (the access log's rows).
  const counting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries++;
      return args.result;
    },
  };
  const read = store.read;
  const counted: Store = {
    ...store,
    db: store.db.withPlugin(counting),
    ...(read
      ? {
          read: (text, parameters) => {
            queries++;
            return read(text, parameters);
          },
        }
      : {}),
  };
  app = createMarketplaceApi({ store: counted, clock: () => new Date(now) });
}, 60_000);

const issue = (userId: number) =>
  createTokenRepository(store.db).issue(DEMO_APPLICATION_ID, userId, new Date(now));
const seller = () => manifest.users.find((u) => u.role === 'seller')!;
const get = (path: string, token: string) =>
  app.request(path, { headers: { authorization: `Bearer ${token}`, 'x-format-new': 'true' } });
const logged = async () =>
  Number(
    (
      await store.db
        .selectFrom('personal_data_access_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function paidOrderOf(token: string, sellerId: number) {
  const res = await get(`/orders/search?seller=${sellerId}&order.status=paid&limit=1`, token);
  const { results } = (await res.json()) as { results: { id: number; buyer: { id: number } }[] };
  return results[0]!;
}

describe('reads while nothing changed (decision 0240)', () => {
  it('answers a second read of an unchanged order, token included, without a single read', async () => {
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

  it('sees a change another process committed at the very next read', async () => {
    const { access_token: token, id } = seller();
    const order = await paidOrderOf(token, id);
    await get(`/orders/${order.id}`, token);
    await get(`/orders/${order.id}`, token);
    const row = await other.db
      .selectFrom('orders')
      .select('doc')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const doc = { ...JSON.parse(Buffer.from(row.doc).toString('utf8')), total_amount: 1234.5 };
    await other.db
      .updateTable('orders')
      .set({ version: sql`version + 1`, doc: Buffer.from(JSON.stringify(doc)) })
      .where('id', '=', order.id)
      .execute();
    const res = await get(`/orders/${order.id}`, token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { total_amount: number }).total_amount).toBe(1234.5);
  });

  it('refuses a token another process revoked, at the very next request', async () => {
    const { id } = seller();
    const { token } = await issue(id);
    const order = await paidOrderOf(token, id);
    expect((await get(`/orders/${order.id}`, token)).status).toBe(200);
    expect((await get(`/orders/${order.id}`, token)).status).toBe(200);
    await other.db
      .updateTable('access_tokens')
      .set({ revoked_at: now })
      .where('token_hash', '=', hashToken(token))
      .execute();
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
    const loggedBefore = await logged();
    const before = queries;
    const again = await get(path, token);
    expect(queries - before).toBe(0);
    expect(orderSearchEnvelopeSchema.parse(await again.json())).toEqual(page);
    // Every read is logged, from memory or not: the page's counterparts once more.
    const counterparts = new Set(page.results.map((o) => o.buyer.id)).size;
    expect((await logged()) - loggedBefore).toBe(counterparts);

    // Another process cancels the newest order: the next page and its total show it.
    const newest = page.results[0]!;
    await other.db
      .updateTable('orders')
      .set({ status: 'cancelled', version: sql`version + 1` })
      .where('id', '=', newest.id)
      .execute();
    await other.db
      .updateTable('order_counts')
      .set({ n: sql`n - 1` })
      .where('user_id', '=', id)
      .where('side', '=', 'seller')
      .where('status', '=', 'paid')
      .execute();
    const changed = orderSearchEnvelopeSchema.parse(await (await get(path, token)).json());
    expect(changed.results.map((o) => o.id)).not.toContain(newest.id);
    expect(changed.paging.total).toBe(page.paging.total - 1);
  });

  it('raises the sequence for a change by any connection, and not for a read', async () => {
    const before = await store.changes.read();
    await store.db.selectFrom('orders').select('id').limit(1).execute();
    expect(await store.changes.read()).toBe(before);
    await other.db
      .updateTable('users')
      .set({ nickname: sql`nickname` })
      .where('id', '=', seller().id)
      .execute();
    const after = await store.changes.read();
    expect(after).toBeGreaterThan(before);
    // Writes elsewhere (the access log, the BFF's tables) leave it where it is.
    await store.db
      .insertInto('personal_data_access_log')
      .values({
        accessor_user_id: 1,
        application_id: 1,
        subject_user_id: 2,
        accessed_at: now,
        resource: 'test',
        fields: '',
        operator_user_id: null,
      })
      .execute();
    expect(await store.changes.read()).toBe(after);
  });
});
