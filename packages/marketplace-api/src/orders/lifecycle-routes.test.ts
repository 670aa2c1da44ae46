import {
  type OrderChange,
  orderChangeSchema,
  orderSchema,
  orderSearchEnvelopeSchema,
} from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../app.ts';
import { setApplicationCallback } from '../notifications/callback-url.ts';
import { createTokenRepository } from '../oauth/token-repository.ts';
import { DEMO_APPLICATION_ID } from '../seed/generate.ts';
import { expectError, seededApi, type TestApi } from '../test-support.ts';
import { createBlockRepository } from '../users/block-repository.ts';

let now = Date.now();
const OPERATOR = 'operator-secret-for-tests';

let api: TestApi;
/** The same store served as a deployment would: no local use, an operator token. */
let deployed: ReturnType<typeof createMarketplaceApi>;
let seller: TestApi['sellers'][number];
let buyer: TestApi['buyers'][number];
let otherBuyer: { id: number; token: string };
let strangerToken: string;

beforeAll(async () => {
  api = await seededApi({ clock: () => new Date(now), localUse: true, operatorToken: OPERATOR });
  deployed = createMarketplaceApi({ store: api.store, clock: () => new Date(now), operatorToken: OPERATOR });
  seller = api.sellers[0]!;
  buyer = api.buyers.find((b) => b.site_id === seller.site_id)!;
  await setApplicationCallback(api.store, DEMO_APPLICATION_ID, 'https://hooks.example.com/meli', {
    localUse: false,
  });
  const other = await api.store.db
    .selectFrom('users')
    .select('id')
    .where('site_id', '=', seller.site_id)
    .where('id', 'not in', [...api.manifest.users.map((u) => u.id)])
    .where((eb) => eb('id', 'not in', eb.selectFrom('items').select('seller_id')))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const tokens = createTokenRepository(api.store.db);
  otherBuyer = {
    id: Number(other.id),
    token: (await tokens.issue(DEMO_APPLICATION_ID, Number(other.id), new Date())).token,
  };
  strangerToken = api.sellers[1]!.access_token;
  // Items of their own for these tests, so each one's stock is known.
  for (const owner of [seller.id, api.sellers[1]!.id]) {
    const model = await api.store.db
      .selectFrom('items')
      .selectAll()
      .where('seller_id', '=', owner)
      .executeTakeFirstOrThrow();
    await api.store.db
      .insertInto('items')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          ...model,
          id: `${model.site_id}${990_000_000 + (owner % 1000) * 100 + i}`,
          available_quantity: 20,
          sold_quantity: 3,
        })),
      )
      .execute();
  }
});

function post(
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
  app = api.app,
) {
  return app.request(path, {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function ok(res: Response, status = 200): Promise<OrderChange> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return orderChangeSchema.parse(JSON.parse(text));
}

const usedItems = new Set<string>();
/** An item of the seller with stock no other test touched. */
async function freshItem(sellerId = seller.id, min = 5) {
  const rows = await api.store.db
    .selectFrom('items')
    .select(['id', 'available_quantity', 'sold_quantity', 'price_minor'])
    .where('seller_id', '=', sellerId)
    .where('available_quantity', '>=', min)
    .where('id', 'like', '%99_______')
    .orderBy('id')
    .execute();
  const row = rows.find((r) => !usedItems.has(r.id));
  if (!row) throw new Error('no item left');
  usedItems.add(row.id);
  return row;
}

const stock = async (id: string) =>
  api.store.db
    .selectFrom('items')
    .select(['available_quantity', 'sold_quantity'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const orderRow = async (id: number) =>
  api.store.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const outbox = async () => api.store.db.selectFrom('notification_outbox').selectAll().orderBy('id').execute();
async function countOf(userId: number, side: string, status: string) {
  const row = await api.store.db
    .selectFrom('order_counts')
    .select('n')
    .where('user_id', '=', userId)
    .where('side', '=', side)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
async function searchIds(query: string, token = seller.access_token) {
  const res = await api.get(`/orders/search?${query}&sort=date_desc&limit=51`, token);
  expect(res.status).toBe(200);
  return orderSearchEnvelopeSchema.parse(await res.json()).results.map((o) => o.id);
}

async function newOrder(
  quantity = 1,
  item?: { id: string },
  token = buyer.access_token,
): Promise<OrderChange> {
  const it = item ?? (await freshItem());
  return ok(await post('/orders', { seller_id: seller.id, items: [{ id: it.id, quantity }] }, token), 201);
}

describe('POST /orders', () => {
  it('creates a confirmed order: closes it, takes stock, counts both sides, writes its orders_v2 notification', async () => {
    now += 60_000;
    const item = await freshItem();
    const before = { stock: await stock(item.id), box: (await outbox()).length };
    const counts = [
      await countOf(seller.id, 'seller', 'confirmed'),
      await countOf(buyer.id, 'buyer', 'confirmed'),
    ];
    const order = await newOrder(2, item);
    expect(order).toMatchObject({
      status: 'confirmed',
      paid_amount: 0,
      buyer: { id: buyer.id },
      seller: { id: seller.id },
      payments: [],
      tags: ['no_shipping'],
    });
    expect(order.total_amount).toBeGreaterThan(0);
    expect(Date.parse(order.date_closed!)).toBe(now);
    expect(Date.parse(order.date_created)).toBe(now);
    expect(await stock(item.id)).toEqual({
      available_quantity: before.stock.available_quantity - 2,
      sold_quantity: before.stock.sold_quantity + 2,
    });
    expect([
      await countOf(seller.id, 'seller', 'confirmed'),
      await countOf(buyer.id, 'buyer', 'confirmed'),
    ]).toEqual([counts[0]! + 1, counts[1]! + 1]);
    const box = await outbox();
    expect(box.length).toBe(before.box + 1);
    expect(box.at(-1)).toMatchObject({
      topic: 'orders_v2',
      resource: `/orders/${order.id}`,
      user_id: seller.id,
      application_id: DEMO_APPLICATION_ID,
      received: now,
      delivered_at: null,
    });
    // Both parties read it; the seller's search finds it.
    for (const token of [seller.access_token, buyer.access_token]) {
      const read = orderSchema.parse(
        await api.json(`/orders/${order.id}`, token, { 'x-format-new': 'true' }),
      );
      expect(read).toMatchObject({ id: order.id, status: 'confirmed', shipping: { id: null } });
    }
    expect(await searchIds(`seller=${seller.id}&order.status=confirmed`)).toContain(order.id);
    expect(Number((await orderRow(order.id)).version)).toBe(1);
  });

  it('refuses a buyer on the seller’s order blocklist, writing nothing', async () => {
    await createBlockRepository(api.store.db).add(seller.id, 'order', otherBuyer.id, now);
    const item = await freshItem();
    const before = { stock: await stock(item.id), box: (await outbox()).length };
    const res = await post(
      '/orders',
      { seller_id: seller.id, items: [{ id: item.id, quantity: 1 }] },
      otherBuyer.token,
    );
    await expectError(res, 403, 'blocked_buyer');
    expect(await stock(item.id)).toEqual(before.stock);
    expect((await outbox()).length).toBe(before.box);
    // A block from another seller does not matter.
    await createBlockRepository(api.store.db).remove(seller.id, 'order', otherBuyer.id);
    await ok(
      await post(
        '/orders',
        { seller_id: seller.id, items: [{ id: item.id, quantity: 1 }] },
        otherBuyer.token,
      ),
      201,
    );
  });

  it('refuses more than the stock, items of another seller, unknown sellers and malformed bodies', async () => {
    const item = await freshItem();
    const box = (await outbox()).length;
    const count = await api.store.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expectError(
      await post(
        '/orders',
        { seller_id: seller.id, items: [{ id: item.id, quantity: item.available_quantity + 1 }] },
        buyer.access_token,
      ),
      409,
      'out_of_stock',
    );
    const foreign = await freshItem(api.sellers[1]!.id, 1);
    await expectError(
      await post(
        '/orders',
        { seller_id: seller.id, items: [{ id: foreign.id, quantity: 1 }] },
        buyer.access_token,
      ),
      400,
      'bad_request',
    );
    await expectError(
      await post('/orders', { seller_id: 99_999, items: [{ id: item.id, quantity: 1 }] }, buyer.access_token),
      404,
      'not_found',
    );
    await expectError(
      await post(
        '/orders',
        { seller_id: seller.id, items: [{ id: item.id, quantity: 1 }] },
        seller.access_token,
      ),
      400,
      'bad_request',
    );
    for (const body of [
      { seller_id: seller.id, items: [] },
      { seller_id: seller.id, items: [{ id: item.id, quantity: 0 }] },
      { seller_id: seller.id, items: [{ id: item.id, quantity: 1.5 }] },
      { seller_id: seller.id, items: [{ id: 'nope', quantity: 1 }] },
      { seller_id: seller.id, items: [{ id: item.id, quantity: 1 }], status: 'paid' },
      { seller_id: String(seller.id), items: [{ id: item.id, quantity: 1 }] },
      {
        seller_id: seller.id,
        items: [
          { id: item.id, quantity: 1 },
          { id: item.id, quantity: 1 },
        ],
      },
    ]) {
      await expectError(await post('/orders', body, buyer.access_token), 400, 'bad_request');
    }
    await expectError(await post('/orders', '{"seller_id":', buyer.access_token), 400, 'bad_request');
    await expectError(await post('/orders', { seller_id: seller.id, items: [] }), 401, 'not_identified_user');
    expect((await outbox()).length).toBe(box);
    const after = await api.store.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(count.n));
  });
});

describe('POST /orders/{id}/payments', () => {
  it('moves a confirmed order to paid: date_closed and stock only once, tags, counts, version, search', async () => {
    const item = await freshItem();
    const order = await newOrder(1, item);
    const taken = await stock(item.id);
    const closed = order.date_closed;
    now += 60_000;
    const paidBefore = await countOf(seller.id, 'seller', 'paid');
    const read = async () => orderSchema.parse(await api.json(`/orders/${order.id}`, seller.access_token));
    expect((await read()).status).toBe('confirmed');
    const paid = await ok(
      await post(`/orders/${order.id}/payments`, { status: 'approved' }, buyer.access_token),
      201,
    );
    expect(paid).toMatchObject({ status: 'paid', paid_amount: order.total_amount, date_closed: closed });
    expect(paid.tags).toEqual(expect.arrayContaining(['paid', 'not_delivered']));
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]).toMatchObject({ status: 'approved', transaction_amount: order.total_amount });
    expect(await stock(item.id)).toEqual(taken);
    expect(await countOf(seller.id, 'seller', 'paid')).toBe(paidBefore + 1);
    expect(Number((await orderRow(order.id)).version)).toBe(2);
    // The read cache serves the new version at once.
    expect(await read()).toMatchObject({ status: 'paid', paid_amount: order.total_amount });
    expect(Date.parse((await read()).last_updated)).toBe(now);
    expect(await searchIds(`seller=${seller.id}&tags=paid&order.status=paid`)).toContain(order.id);
    expect(await searchIds(`seller=${seller.id}&order.status=confirmed`)).not.toContain(order.id);
    await expectError(
      await post(`/orders/${order.id}/payments`, { status: 'approved' }, buyer.access_token),
      409,
      'invalid_order_status',
    );
  });

  it('walks a sell-equals-pay order through payment_required, in process and partially paid; paid closes it', async () => {
    const put = await api.app.request(`/users/${seller.id}/immediate_payment`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${seller.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'by_user' }),
    });
    expect(put.status).toBe(200);
    try {
      const item = await freshItem();
      const untouched = await stock(item.id);
      const order = await newOrder(1, item);
      expect(order).toMatchObject({ status: 'payment_required', date_closed: null });
      expect(await stock(item.id)).toEqual(untouched);
      const pay = async (body: object) =>
        ok(await post(`/orders/${order.id}/payments`, body, buyer.access_token), 201);
      now += 1_000;
      const pending = await pay({ status: 'pending', payment_method_id: 'rapipago' });
      expect(pending).toMatchObject({ status: 'payment_required' });
      const pendingId = pending.payments[0]!.id;
      now += 1_000;
      expect(await pay({ status: 'in_process' })).toMatchObject({
        status: 'payment_in_process',
        date_closed: null,
      });
      now += 1_000;
      const half = Math.floor((order.total_amount / 2) * 100) / 100;
      const partial = await pay({ status: 'approved', amount: half });
      expect(partial).toMatchObject({ status: 'partially_paid', paid_amount: half, date_closed: null });
      expect(await stock(item.id)).toEqual(untouched);
      now += 1_000;
      const rejected = await pay({ status: 'rejected' });
      expect(rejected.status).toBe('partially_paid');
      // Approving the pending payment of the whole amount would overpay.
      await expectError(
        await post(
          `/orders/${order.id}/payments`,
          { status: 'approved', payment_id: pendingId },
          buyer.access_token,
        ),
        409,
        'invalid_order_status',
      );
      await expectError(
        await post(`/orders/${order.id}/payments`, { status: 'approved', payment_id: 1 }, buyer.access_token),
        404,
        'payment_not_found',
      );
      now += 1_000;
      const paid = await pay({ status: 'approved' });
      expect(paid.status).toBe('paid');
      expect(Date.parse(paid.date_closed!)).toBe(now);
      expect(await stock(item.id)).toEqual({
        available_quantity: untouched.available_quantity - 1,
        sold_quantity: untouched.sold_quantity + 1,
      });
      // The ticket left pending expires: the order stays paid, and a settled payment does not move again.
      const expired = await pay({ status: 'rejected', payment_id: pendingId });
      expect(expired).toMatchObject({ status: 'paid', date_closed: paid.date_closed });
      await expectError(
        await post(
          `/orders/${order.id}/payments`,
          { status: 'approved', payment_id: pendingId },
          buyer.access_token,
        ),
        409,
        'invalid_order_status',
      );
      expect(paid.payments.map((p) => p.status)).toEqual([
        'pending',
        'in_process',
        'approved',
        'rejected',
        'approved',
      ]);
    } finally {
      await api.app.request(`/users/${seller.id}/immediate_payment/by_user`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${seller.access_token}` },
      });
    }
  });

  it('keeps a confirmed order confirmed while a payment waits, its parties still shown to each other', async () => {
    now += 60_000;
    const order = await newOrder();
    const pending = await ok(
      await post(
        `/orders/${order.id}/payments`,
        { status: 'pending', payment_method_id: 'rapipago' },
        buyer.access_token,
      ),
      201,
    );
    expect(pending).toMatchObject({ status: 'confirmed', date_closed: order.date_closed });
    const read = orderSchema.parse(
      await api.json(`/orders/${order.id}`, seller.access_token, { 'x-format-new': 'true' }),
    );
    expect(read.status).toBe('confirmed');
    expect(read.buyer.first_name).toEqual(expect.any(String));
    expect(read.buyer.phone).toBeDefined();
  });

  it('charges the fee per unit, and a payment the fee of what it pays for', async () => {
    now += 60_000;
    const item = await freshItem();
    const order = await newOrder(3, item);
    const line = order.order_items[0]!;
    expect(line.quantity).toBe(3);
    expect(line.sale_fee).toBeCloseTo(Math.round(Number(item.price_minor) * 0.13) / 100, 2);
    const half = Math.floor((order.total_amount / 2) * 100) / 100;
    const partial = await ok(
      await post(`/orders/${order.id}/payments`, { status: 'approved', amount: half }, buyer.access_token),
      201,
    );
    const paid = await ok(
      await post(`/orders/${order.id}/payments`, { status: 'approved' }, buyer.access_token),
      201,
    );
    expect(partial.status).toBe('partially_paid');
    expect(paid.status).toBe('paid');
    const search = orderSearchEnvelopeSchema.parse(
      await api.json(`/orders/search?seller=${seller.id}&q=${order.id}`, seller.access_token),
    );
    const payments = search.results[0]!.payments;
    const fees = payments.map((p) => p.marketplace_fee ?? 0);
    // The two parts of the order pay its whole fee, each in proportion to its amount.
    expect(fees[0]! + fees[1]!).toBeCloseTo(line.sale_fee * 3, 1);
    expect(fees[0]! / fees[1]!).toBeCloseTo(
      payments[0]!.transaction_amount / payments[1]!.transaction_amount,
      1,
    );
  });

  it('rolls a refused payment back whole: no stock, no payment, no version, no notification', async () => {
    await api.app.request(`/users/${seller.id}/immediate_payment`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${seller.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'by_user' }),
    });
    try {
      const item = await freshItem();
      const all = item.available_quantity;
      const first = await newOrder(all, item);
      const second = await newOrder(all, item, otherBuyer.token);
      await ok(await post(`/orders/${first.id}/payments`, { status: 'approved' }, buyer.access_token), 201);
      expect((await stock(item.id)).available_quantity).toBe(0);
      const before = { row: await orderRow(second.id), box: (await outbox()).length };
      const seq = await api.store.db
        .selectFrom('store_meta')
        .selectAll()
        .where('key', '=', 'next_payment_id')
        .executeTakeFirst();
      await expectError(
        await post(`/orders/${second.id}/payments`, { status: 'approved' }, otherBuyer.token),
        409,
        'out_of_stock',
      );
      const after = await orderRow(second.id);
      expect(after.version).toBe(before.row.version);
      expect(after.status).toBe('payment_required');
      expect(Buffer.from(after.payments_full).toString()).toBe('[]');
      // The outbox row and the payment id were written before the stock refused: both rolled back.
      expect((await outbox()).length).toBe(before.box);
      expect(
        await api.store.db
          .selectFrom('store_meta')
          .selectAll()
          .where('key', '=', 'next_payment_id')
          .executeTakeFirst(),
      ).toEqual(seq);
    } finally {
      await api.app.request(`/users/${seller.id}/immediate_payment/by_user`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${seller.access_token}` },
      });
    }
  });

  it('is for the buyer only, with valid amounts', async () => {
    const order = await newOrder();
    const path = `/orders/${order.id}/payments`;
    await expectError(await post(path, { status: 'approved' }, seller.access_token), 403, 'forbidden');
    await expectError(await post(path, { status: 'approved' }, strangerToken), 403, 'not_owned_order');
    await expectError(await post(path, { status: 'approved' }), 401, 'not_identified_user');
    await expectError(
      await post(`/orders/abc/payments`, { status: 'approved' }, buyer.access_token),
      400,
      'invalid_order_id',
    );
    await expectError(
      await post(`/orders/1234/payments`, { status: 'approved' }, buyer.access_token),
      404,
      'order_not_found',
    );
    for (const body of [
      { status: 'refunded' },
      { status: 'approved', amount: -1 },
      { status: 'approved', amount: 0.001 },
      { status: 'approved', amount: order.total_amount + 1 },
      { status: 'approved', payment_method_id: 'no-such method' },
      { status: 'approved', payment_method_id: 'bitcoin' },
      { status: 'approved', extra: true },
      {},
    ]) {
      await expectError(await post(path, body, buyer.access_token), 400, 'bad_request');
    }
    expect(Number((await orderRow(order.id)).version)).toBe(1);
  });
});

describe('POST /orders/{id}/cancel', () => {
  it('lets the seller cancel: refunds, gives stock back, moves counts, hides it from the seller’s search', async () => {
    const item = await freshItem();
    const initial = await stock(item.id);
    const order = await newOrder(2, item);
    await ok(await post(`/orders/${order.id}/payments`, { status: 'approved' }, buyer.access_token), 201);
    const path = `/orders/${order.id}/cancel`;
    await expectError(await post(path, { code: 'seller_cancel_sale' }, buyer.access_token), 403, 'forbidden');
    await expectError(
      await post(path, { code: 'seller_cancel_sale' }, strangerToken),
      403,
      'not_owned_order',
    );
    await expectError(await post(path, { code: 'because' }, seller.access_token), 400, 'bad_request');
    await expectError(
      await post(path, { code: 'fraud_risk_detected' }, seller.access_token),
      400,
      'bad_request',
    );
    const counts = [
      await countOf(seller.id, 'seller', 'paid'),
      await countOf(seller.id, 'seller', 'cancelled'),
    ];
    now += 60_000;
    const cancelled = await ok(await post(path, { code: 'seller_out_of_stock' }, seller.access_token));
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      paid_amount: 0,
      cancel_detail: {
        group: 'seller',
        code: 'seller_out_of_stock',
        requested_by: 'seller',
        application_id: String(DEMO_APPLICATION_ID),
      },
    });
    expect(cancelled.tags).not.toContain('paid');
    expect(cancelled.payments.map((p) => p.status)).toEqual(['refunded']);
    expect(await stock(item.id)).toEqual(initial);
    expect([
      await countOf(seller.id, 'seller', 'paid'),
      await countOf(seller.id, 'seller', 'cancelled'),
    ]).toEqual([counts[0]! - 1, counts[1]! + 1]);
    expect(await searchIds(`seller=${seller.id}`)).not.toContain(order.id);
    expect(await searchIds(`seller=${seller.id}&order.status=cancelled`)).toContain(order.id);
    await expectError(
      await post(path, { code: 'seller_cancel_sale' }, seller.access_token),
      409,
      'invalid_order_status',
    );
    await expectError(
      await post(`/orders/${order.id}/payments`, { status: 'approved' }, buyer.access_token),
      409,
      'invalid_order_status',
    );
  });
});

describe('platform operations', () => {
  it('raise a fraud alert after approval: tag, orders_v2 once, then the seller may cancel for fraud', async () => {
    const order = await newOrder();
    const alert = (app = deployed, headers: Record<string, string> = { 'x-operator-token': OPERATOR }) =>
      post(`/orders/${order.id}/fraud_alert`, undefined, undefined, headers, app);
    await expectError(await alert(deployed, {}), 403, 'forbidden');
    await expectError(await alert(deployed, { 'x-operator-token': 'guess' }), 403, 'forbidden');
    await expectError(await alert(), 409, 'invalid_order_status');
    await ok(await post(`/orders/${order.id}/payments`, { status: 'approved' }, buyer.access_token), 201);
    const box = (await outbox()).length;
    now += 60_000;
    const flagged = await ok(await alert());
    expect(flagged.tags).toEqual(expect.arrayContaining(['paid', 'fraud_risk_detected']));
    const rows = await outbox();
    expect(rows.length).toBe(box + 1);
    expect(rows.at(-1)).toMatchObject({
      topic: 'orders_v2',
      resource: `/orders/${order.id}`,
      user_id: seller.id,
    });
    const version = (await orderRow(order.id)).version;
    // Again: nothing changes, nothing is sent.
    expect((await ok(await alert())).tags.filter((t) => t === 'fraud_risk_detected')).toHaveLength(1);
    expect((await outbox()).length).toBe(box + 1);
    expect((await orderRow(order.id)).version).toBe(version);
    expect(await searchIds(`seller=${seller.id}&tags=fraud_risk_detected`)).toContain(order.id);
    const cancelled = await ok(
      await post(`/orders/${order.id}/cancel`, { code: 'fraud_risk_detected' }, seller.access_token),
    );
    expect(cancelled.cancel_detail).toMatchObject({ group: 'fraud', code: 'fraud_risk_detected' });
  });

  it('in local use are open to the order’s parties only; a body other than {} is refused', async () => {
    const order = await newOrder();
    await ok(await post(`/orders/${order.id}/payments`, { status: 'approved' }, buyer.access_token), 201);
    await expectError(
      await post(`/orders/${order.id}/fraud_alert`, undefined, strangerToken),
      403,
      'not_owned_order',
    );
    await expectError(await post(`/orders/${order.id}/fraud_alert`, undefined), 401, 'not_identified_user');
    await expectError(
      await post(`/orders/${order.id}/fraud_alert`, { why: 1 }, buyer.access_token),
      400,
      'bad_request',
    );
    expect((await ok(await post(`/orders/${order.id}/fraud_alert`, {}, buyer.access_token))).tags).toContain(
      'fraud_risk_detected',
    );
  });

  it('invalidate an order from a malicious buyer: status invalid, stock back, final', async () => {
    const item = await freshItem();
    const initial = await stock(item.id);
    const order = await newOrder(1, item);
    const res = await post(
      `/orders/${order.id}/invalidate`,
      undefined,
      undefined,
      { 'x-operator-token': OPERATOR },
      deployed,
    );
    const invalid = await ok(res);
    expect(invalid).toMatchObject({
      status: 'invalid',
      status_detail: { code: 'invalid' },
      // Spec 2.2: requested by the platform operator.
      cancel_detail: { group: 'fraud', code: 'fraud_malicious_buyer', requested_by: 'platform' },
    });
    expect(await stock(item.id)).toEqual(initial);
    await expectError(
      await post(
        `/orders/${order.id}/invalidate`,
        undefined,
        undefined,
        { 'x-operator-token': OPERATOR },
        deployed,
      ),
      409,
      'invalid_order_status',
    );
  });
});

describe('feedback', () => {
  it('writes an orders_feedback notification with the feedback, for the seller', async () => {
    const order = await newOrder();
    await ok(await post(`/orders/${order.id}/payments`, { status: 'approved' }, buyer.access_token), 201);
    const box = (await outbox()).length;
    const res = await post(
      `/orders/${order.id}/feedback`,
      { fulfilled: true, rating: 'positive' },
      buyer.access_token,
    );
    expect(res.status).toBe(201);
    const rows = await outbox();
    expect(rows.length).toBe(box + 1);
    expect(rows.at(-1)).toMatchObject({
      topic: 'orders_feedback',
      resource: `/orders/${order.id}`,
      user_id: seller.id,
    });
    // Refused feedback writes none.
    await post(`/orders/${order.id}/feedback`, { fulfilled: true, rating: 'positive' }, buyer.access_token);
    expect((await outbox()).length).toBe(box + 1);
  });
});

describe('OPTIONS', () => {
  it('describes the life-cycle resources', async () => {
    for (const path of [
      '/orders',
      '/orders/1/payments',
      '/orders/1/cancel',
      '/orders/1/fraud_alert',
      '/orders/1/invalidate',
    ]) {
      const res = await api.app.request(path, { method: 'OPTIONS' });
      expect(res.status).toBe(200);
      expect(res.headers.get('allow')).toContain('POST');
    }
  });
});
