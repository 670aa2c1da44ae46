import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { orderSchema, orderSearchEnvelopeSchema } from '@mostrador/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../../app.ts';
import { openStore, type Store } from '../../db/store.ts';
import { hashToken } from '../../oauth/token-repository.ts';
import { type SeedManifest, seedStore } from '../../seed/seed.ts';
import { openSecondStore, SEED_NOW, seededApi, type TestApi } from '../../test-support.ts';

type Party = { id: string | number; nickname: string; first_name?: string | null; phone?: unknown };

/** A paid order between a demo seller and a demo buyer: the seller sees the buyer's names and phone. */
async function paidOrder(store: Store, manifest: SeedManifest) {
  const sellers = manifest.users.filter((u) => u.role === 'seller');
  const buyers = manifest.users.filter((u) => u.role === 'buyer');
  const row = await store.db
    .selectFrom('orders')
    .select(['id', 'seller_id', 'buyer_id'])
    .where(
      'seller_id',
      'in',
      sellers.map((u) => u.id),
    )
    .where(
      'buyer_id',
      'in',
      buyers.map((u) => u.id),
    )
    .where('status', '=', 'paid')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    seller: sellers.find((u) => u.id === Number(row.seller_id))!,
    buyer: buyers.find((u) => u.id === Number(row.buyer_id))!,
  };
}

async function buyerOf(app: { request: TestApi['app']['request'] }, orderId: number, token: string) {
  const res = await app.request(`/orders/${orderId}`, {
    headers: { authorization: `Bearer ${token}`, 'x-format-new': 'true' },
  });
  expect(res.status).toBe(200);
  return orderSchema.parse(await res.json()).buyer as Party;
}

async function searchedBuyerOf(app: TestApi['app'], sellerId: number, orderId: number, token: string) {
  const res = await app.request(`/orders/search?seller=${sellerId}&limit=50&sort=date_desc`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const found = orderSearchEnvelopeSchema
    .parse(await res.json())
    .results.find((o) => Number(o.id) === orderId);
  return found?.buyer as Party | undefined;
}

/**
 * An order of a demo seller with a shipment not yet delivered, read in the legacy form (its shipping member a summary
 * of the shipment); `deliver` marks the shipment delivered through another store.
 */
async function legacyCase(store: Store, manifest: SeedManifest, app: { request: TestApi['app']['request'] }) {
  const order = await paidOrder(store, manifest);
  const row = await store.db
    .selectFrom('orders')
    .innerJoin('shipments', 'shipments.id', 'orders.shipping_id')
    .select(['orders.id', 'shipments.id as shipping_id', 'shipments.doc'])
    .where('orders.seller_id', '=', order.seller.id)
    .where('shipments.status', '!=', 'delivered')
    .orderBy('orders.id')
    .executeTakeFirstOrThrow();
  const shippingId = Number(row.shipping_id);
  const doc = JSON.parse(row.doc) as { status: string; date_created: string };
  return {
    orderId: Number(row.id),
    shippingId,
    token: order.seller.access_token,
    /** The legacy answer's text. */
    async read() {
      const res = await app.request(`/orders/${row.id}`, {
        headers: { authorization: `Bearer ${order.seller.access_token}` },
      });
      expect(res.status).toBe(200);
      return res.text();
    },
    summary: {
      id: shippingId,
      shipment_type: 'shipping',
      status: doc.status,
      date_created: doc.date_created,
      currency_id: expect.any(String),
      cost: expect.any(Number),
    },
    deliver: (other: Store) =>
      other.db
        .updateTable('shipments')
        .set({ status: 'delivered', doc: JSON.stringify({ ...doc, status: 'delivered' }) })
        .where('id', '=', shippingId)
        .execute(),
  };
}

describe('a running server and erasure by another process (file store)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-read-model-'));
  const file = join(dir, 'marketplace.db');
  const root = fileURLToPath(new URL('../../../../../', import.meta.url));
  let store: Store;
  let manifest: SeedManifest;
  let app: ReturnType<typeof createMarketplaceApi>;

  beforeAll(async () => {
    // The key file beside the database is the one the privacy command opens it with.
    store = await openStore({ file });
    manifest = await seedStore(store, { orders: 120, seed: 4, now: SEED_NOW });
    app = createMarketplaceApi({ store });
  }, 60_000);
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers without the erased user’s names and phone from the very next read', async () => {
    const order = await paidOrder(store, manifest);
    const token = order.seller.access_token;
    // Read twice: the second answer comes from what the server holds in memory.
    expect((await buyerOf(app, order.id, token)).first_name).toEqual(expect.any(String));
    const remembered = await buyerOf(app, order.id, token);
    expect(remembered.first_name).toEqual(expect.any(String));
    expect(await searchedBuyerOf(app, order.seller.id, order.id, token)).toMatchObject({
      first_name: remembered.first_name,
    });

    const erase = spawnSync(
      join(root, 'node_modules/.bin/tsx'),
      [
        'packages/marketplace-api/src/privacy/cli.ts',
        'erase',
        '--user',
        String(order.buyer.id),
        '--db',
        file,
      ],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(erase.status, erase.stderr).toBe(0);

    const after = await buyerOf(app, order.id, token);
    expect(after).toMatchObject({ nickname: `DELETED_${order.buyer.id}`, first_name: null, last_name: null });
    expect(JSON.stringify(after)).not.toContain(String(remembered.first_name));
    expect(await searchedBuyerOf(app, order.seller.id, order.id, token)).toMatchObject({
      nickname: `DELETED_${order.buyer.id}`,
      first_name: null,
    });
  }, 120_000);
});

describe('a change made through another store on the same database (another process or instance)', () => {
  let api: TestApi;
  let other: ReturnType<typeof createMarketplaceApi>;

  beforeAll(async () => {
    api = await seededApi({ orders: 120, seed: 4 });
    other = createMarketplaceApi({ store: await openSecondStore(api.store) });
  }, 60_000);

  it('shows a counterpart’s new name and phone in the next order read and search', async () => {
    const order = await paidOrder(api.store, api.manifest);
    const token = order.seller.access_token;
    const before = await buyerOf(api.app, order.id, token);
    expect(before.first_name).toEqual(expect.any(String));
    await buyerOf(api.app, order.id, token);

    const renamed = await other.request(`/users/${order.buyer.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${order.buyer.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Renombrada', phone: { area_code: '11', number: '40000000' } }),
    });
    expect(renamed.status).toBe(200);

    expect(await buyerOf(api.app, order.id, token)).toMatchObject({
      first_name: 'Renombrada',
      phone: expect.objectContaining({ area_code: '11', number: '40000000' }),
    });
    expect(await searchedBuyerOf(api.app, order.seller.id, order.id, token)).toMatchObject({
      first_name: 'Renombrada',
    });
  }, 120_000);
});

describe('the legacy form of an order read', () => {
  let api: TestApi;
  let other: Store;
  let app: ReturnType<typeof createMarketplaceApi>;
  let shipmentReads = 0;

  beforeAll(async () => {
    api = await seededApi({ orders: 120, seed: 4 });
    other = await openSecondStore(api.store);
    // The same store, its shipment reads counted on their way to the database.
    const counted = api.store.db.withPlugin({
      transformQuery({ node }) {
        if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"shipments"'))
          shipmentReads++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    app = createMarketplaceApi({ store: { ...api.store, db: counted } });
  }, 60_000);

  it('comes from memory while nothing changed, and shows a shipment another store changed at the next read', async () => {
    const legacy = await legacyCase(api.store, api.manifest, app);
    const composed = await legacy.read();
    expect(JSON.parse(composed).shipping).toEqual(legacy.summary);
    shipmentReads = 0;
    // Joined in memory, the same bytes as joined from the store.
    expect(await legacy.read()).toBe(composed);
    // No read of its own: from memory while the change sequence stands still.
    expect(shipmentReads).toBe(0);

    await legacy.deliver(other);
    shipmentReads = 0;
    expect(JSON.parse(await legacy.read()).shipping).toMatchObject({
      id: legacy.shippingId,
      status: 'delivered',
    });
    expect(shipmentReads).toBe(1);
    // The new form names the shipment only.
    const res = await app.request(`/orders/${legacy.orderId}`, {
      headers: { authorization: `Bearer ${legacy.token}`, 'x-format-new': 'true' },
    });
    expect(((await res.json()) as { shipping: unknown }).shipping).toEqual({ id: legacy.shippingId });
  }, 120_000);
});

describe('the change sequence, read once per request', () => {
  let api: TestApi;
  let reads = 0;
  let app: ReturnType<typeof createMarketplaceApi>;

  beforeAll(async () => {
    api = await seededApi({ orders: 120, seed: 4 });
    const { changes } = api.store;
    app = createMarketplaceApi({
      store: {
        ...api.store,
        changes: {
          read: () => {
            reads++;
            return changes.read();
          },
        },
      },
    });
  }, 60_000);

  it('by an order read and by a search, each answered as of that one reading', async () => {
    const order = await paidOrder(api.store, api.manifest);
    const token = order.seller.access_token;
    await buyerOf(app, order.id, token);
    reads = 0;
    expect((await buyerOf(app, order.id, token)).first_name).toEqual(expect.any(String));
    expect(reads).toBe(1);
    await searchedBuyerOf(app, order.seller.id, order.id, token);
    reads = 0;
    expect(await searchedBuyerOf(app, order.seller.id, order.id, token)).toMatchObject({
      id: order.buyer.id,
    });
    expect(reads).toBe(1);
  }, 120_000);
});

describe('order reads, and their statements on PostgreSQL', () => {
  let api: TestApi;
  let other: Store;

  beforeAll(async () => {
    api = await seededApi({ orders: 120, seed: 4 });
    other = await openSecondStore(api.store);
  }, 60_000);

  /**
   * Shows `see` every statement any connection of this process sends, until `stop()`: its SQL text, its result (a
   * promise) and the connection's application name. What `see` returns is the result the sender gets.
   */
  function watchStatements(see: (text: string, result: unknown, sender: string) => unknown) {
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      const text = typeof first === 'string' ? first : (first.text ?? '');
      const sender = (this as unknown as { connectionParameters: { application_name?: string } })
        .connectionParameters.application_name;
      return see(text, (query as (...a: unknown[]) => unknown).apply(this, args), sender ?? '');
    } as typeof query;
    return {
      stop() {
        pg.Client.prototype.query = query;
      },
    };
  }

  /** The connections (by application name) that sent each SQL text, for the last `statementsOf`. */
  const senders = new Map<string, Set<string>>();

  /** The SQL texts sent to PostgreSQL, by any connection of this process, while `run` runs. */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    senders.clear();
    const watch = watchStatements((text, result, sender) => {
      sent.push(text);
      senders.set(text, (senders.get(text) ?? new Set()).add(sender));
      return result;
    });
    try {
      await run();
    } finally {
      watch.stop();
    }
    // The access log's rows are written in batches of their own, beside the answers, each in its transaction.
    return sent.filter((text) => !/personal_data_access_log|^(begin|commit)$/i.test(text.trim()));
  }

  it('sends one statement for a second read of an unchanged order: the reading of the change sequence', async ({
    skip,
  }) => {
    if (api.store.dialect !== 'postgres') skip();
    const order = await paidOrder(api.store, api.manifest);
    const token = order.seller.access_token;
    await buyerOf(api.app, order.id, token);
    const sent = await statementsOf(async () => {
      expect((await buyerOf(api.app, order.id, token)).first_name).toEqual(expect.any(String));
    });
    expect(sent).toEqual([expect.stringMatching(/^select seq from store_changes/)]);
  }, 120_000);

  it('shows a shipment another instance changed at the next read in the legacy form', async ({ skip }) => {
    if (api.store.dialect !== 'postgres') skip();
    const legacy = await legacyCase(api.store, api.manifest, api.app);
    expect(JSON.parse(await legacy.read()).shipping).toEqual(legacy.summary);
    await legacy.deliver(other);
    expect(JSON.parse(await legacy.read()).shipping).toMatchObject({
      id: legacy.shippingId,
      status: 'delivered',
    });
  }, 120_000);

  it('reads the change sequence once for reads that arrive together, each answered as if alone', async ({
    skip,
  }) => {
    if (api.store.dialect !== 'postgres') skip();
    const order = await paidOrder(api.store, api.manifest);
    const legacy = await legacyCase(api.store, api.manifest, api.app);
    const others = await api.store.db
      .selectFrom('orders')
      .select(['id', 'seller_id'])
      .where('seller_id', '=', order.seller.id)
      .orderBy('id', 'desc')
      .limit(6)
      .execute();
    const buyerToken = order.buyer.access_token;
    const reads: { path: string; token: string; legacy: boolean }[] = [
      ...others.map((o) => ({ path: `/orders/${o.id}`, token: order.seller.access_token, legacy: false })),
      ...others.map((o) => ({ path: `/orders/${o.id}`, token: order.seller.access_token, legacy: true })),
      { path: `/orders/${order.id}`, token: buyerToken, legacy: false },
      { path: `/orders/${legacy.orderId}`, token: legacy.token, legacy: true },
      { path: '/orders/9999999999999', token: order.seller.access_token, legacy: false },
      { path: `/orders/${order.id}`, token: 'no-such-token', legacy: false },
    ];
    const read = (r: (typeof reads)[number]) =>
      api.app.request(r.path, {
        headers: { authorization: `Bearer ${r.token}`, ...(r.legacy ? {} : { 'x-format-new': 'true' }) },
      });
    const alone: { status: number; body: string }[] = [];
    for (const r of reads) {
      const res = await read(r);
      alone.push({ status: res.status, body: await res.text() });
    }
    expect(others.length).toBeGreaterThan(2);
    expect(alone.map((a) => a.status)).toEqual([...Array(reads.length - 2).fill(200), 404, 401]);
    expect(JSON.parse(alone[reads.length - 3]!.body).shipping).toEqual(legacy.summary);

    let together: { status: number; body: string }[] = [];
    const sent = await statementsOf(async () => {
      together = await Promise.all(
        reads.map(async (r) => {
          const res = await read(r);
          return { status: res.status, body: await res.text() };
        }),
      );
    });
    expect(together).toEqual(alone);
    const readings = sent.filter((text) => text.includes('store_changes'));
    expect(readings.length).toBeGreaterThan(0);
    expect(readings.length).toBeLessThan(reads.length / 4);
  }, 120_000);

  it('sends a read that arrives while a reading is under way in the next one, which sees what was committed before it', async ({
    skip,
  }) => {
    if (api.store.dialect !== 'postgres') skip();
    const order = await paidOrder(api.store, api.manifest);
    const token = order.seller.access_token;
    const read = () =>
      api.app.request(`/orders/${order.id}`, {
        headers: { authorization: `Bearer ${token}`, 'x-format-new': 'true' },
      });
    expect((await read()).status).toBe(200);
    // The first read's reading of the sequence runs, but its rows are held until the revocation is committed and
    // the second read has arrived.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const firstStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let readings = 0;
    const watch = watchStatements((text, result) => {
      if (!text.includes('store_changes') || !(result instanceof Promise)) return result;
      readings++;
      if (readings > 1) return result;
      started();
      return result.then(async (rows) => {
        await held;
        return rows;
      });
    });
    try {
      const before = read();
      await firstStarted;
      await other.db
        .updateTable('access_tokens')
        .set({ revoked_at: Date.now() })
        .where('token_hash', '=', hashToken(token))
        .execute();
      const after = read();
      // The second read waits behind the first statement: let it reach the read model before the rows come.
      await new Promise((resolve) => setImmediate(resolve));
      release();
      expect((await before).status).toBe(200);
      const res = await after;
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_token');
      expect(readings).toBe(2);
    } finally {
      watch.stop();
      await other.db
        .updateTable('access_tokens')
        .set({ revoked_at: null })
        .where('token_hash', '=', hashToken(token))
        .execute();
    }
  }, 120_000);

  it('refuses a token another instance revoked, at the very next read', async () => {
    const order = await paidOrder(api.store, api.manifest);
    const token = order.buyer.access_token;
    expect(
      (await api.app.request(`/orders/${order.id}`, { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(200);
    await other.db
      .updateTable('access_tokens')
      .set({ revoked_at: Date.now() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await api.app.request(`/orders/${order.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_token');
  }, 120_000);

  it('answers another order, a missing one and another’s order as before', async () => {
    const order = await paidOrder(api.store, api.manifest);
    const token = order.seller.access_token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await api.app.request('/orders/9999999999999', { headers })).status).toBe(404);
    const others = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '!=', order.seller.id)
      .where('buyer_id', '!=', order.seller.id)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await api.app.request(`/orders/${others.id}`, { headers })).status).toBe(403);
    expect((await api.app.request(`/orders/${order.id}`, { headers })).status).toBe(200);
  }, 120_000);

  it('keeps every read in the access log, one write at a time, the reads of a write under way in the next', async ({
    skip,
  }) => {
    if (api.store.dialect !== 'postgres') skip();
    const order = await paidOrder(api.store, api.manifest);
    const token = order.seller.access_token;
    const logged = async () =>
      Number(
        (
          await api.store.db
            .selectFrom('personal_data_access_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('accessor_user_id', '=', order.seller.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await buyerOf(api.app, order.id, token);
    const before = await logged();
    let inFlight = 0;
    let most = 0;
    let writes = 0;
    const watch = watchStatements((text, result) => {
      if (text.includes('insert into "personal_data_access_log"') && result instanceof Promise) {
        writes++;
        most = Math.max(most, ++inFlight);
        result.finally(() => inFlight--).catch(() => {});
      }
      return result;
    });
    const reads = 40;
    try {
      const answers = await Promise.all(
        Array.from({ length: reads }, () =>
          api.app.request(`/orders/${order.id}`, { headers: { authorization: `Bearer ${token}` } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(reads).fill(200));
    } finally {
      watch.stop();
    }
    expect(await logged()).toBe(before + reads);
    expect(most).toBe(1);
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThan(reads);
  }, 120_000);
});
