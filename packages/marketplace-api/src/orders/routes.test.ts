import {
  DELIVERY_CASES,
  ORDER_SEARCH_LIST_PARAMS,
  ORDER_SEARCH_MAX_LIST_VALUES,
  ORDER_STATUSES,
  type OrderSearchEnvelope,
  orderDiscountsSchema,
  orderProductSchema,
  orderSchema,
  orderSearchEnvelopeSchema,
  partialOrderSchema,
} from '@mostrador/contracts';
import { seal } from '@mostrador/server-kit/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { userAad } from '../crypto/user-aad.ts';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
let seller: TestApi['sellers'][number];
let buyer: TestApi['buyers'][number];
let otherSeller: TestApi['sellers'][number];

beforeAll(async () => {
  api = await seededApi({
    faults: { failMember: (member, orderId) => orderId === faultyOrderId && member === 'feedback' },
  });
  [seller, otherSeller] = [api.sellers[0]!, api.sellers[1]!];
  buyer = api.buyers[0]!;
});
let faultyOrderId = -1;

async function anOrder(where: { seller?: number; buyer?: number; status?: string; mode?: string } = {}) {
  let q = api.store.db.selectFrom('orders').select(['orders.id', 'seller_id', 'buyer_id', 'status']);
  if (where.seller) q = q.where('seller_id', '=', where.seller);
  if (where.buyer) q = q.where('buyer_id', '=', where.buyer);
  if (where.status) q = q.where('status', '=', where.status);
  const row = await q.orderBy('orders.id').executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    sellerId: Number(row.seller_id),
    buyerId: Number(row.buyer_id),
    status: row.status,
  };
}

describe('GET /orders/{id}', () => {
  it('returns the order to its seller, in the single form', async () => {
    const o = await anOrder({ seller: seller.id, buyer: buyer.id, status: 'paid' });
    const res = await api.get(`/orders/${o.id}`, seller.access_token, { 'x-format-new': 'true' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const order = orderSchema.parse(await res.json());
    expect(order.id).toBe(o.id);
    expect(order.seller.id).toBe(String(seller.id));
    expect(order.buyer.id).toBe(String(buyer.id));
    expect(order.buyer.first_name).toEqual(expect.any(String));
    expect(order.payments.length).toBeGreaterThan(0);
    expect(Object.keys(order.payments[0]!).sort()).toEqual(
      ['currency_id', 'date_created', 'date_last_modified', 'id', 'status', 'transaction_amount'].sort(),
    );
    expect(order.date_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/);
    expect(order.tags).toContain('paid');
  });

  it('returns it to its buyer too', async () => {
    const o = await anOrder({ seller: seller.id, buyer: buyer.id });
    const res = await api.get(`/orders/${o.id}`, buyer.access_token, { 'x-format-new': 'true' });
    expect(res.status).toBe(200);
    expect(orderSchema.parse(await res.json()).id).toBe(o.id);
  });

  it('accepts the legacy access_token query parameter', async () => {
    const o = await anOrder({ seller: seller.id });
    const res = await api.get(`/orders/${o.id}?access_token=${seller.access_token}`);
    expect(res.status).toBe(200);
  });

  it('hides the counterpart contact until payment is confirmed', async () => {
    const o = await anOrder({ seller: seller.id, buyer: buyer.id, status: 'payment_required' });
    const order = orderSchema.parse(await api.json(`/orders/${o.id}`, seller.access_token));
    expect(order.buyer).toEqual({ id: String(buyer.id), nickname: buyer.nickname });
    expect(order.seller.first_name).toEqual(expect.any(String));
  });

  it('embeds the legacy shipping summary without x-format-new, and only the id with it', async () => {
    const row = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('shipping_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const legacy = (await api.json(`/orders/${row.id}`, seller.access_token)) as {
      shipping: Record<string, unknown>;
    };
    expect(legacy.shipping).toMatchObject({
      id: expect.any(Number),
      cost: expect.any(Number),
      status: expect.any(String),
    });
    const fresh = orderSchema.parse(
      await api.json(`/orders/${row.id}`, seller.access_token, { 'x-format-new': 'true' }),
    );
    expect(fresh.shipping).toEqual({ id: legacy.shipping.id });
  });

  it('maps every failure to its code and status', async () => {
    const o = await anOrder({ seller: seller.id });
    await expectError(await api.get('/orders/abc', seller.access_token), 400, 'invalid_order_id');
    await expectError(await api.get('/orders/12.5', seller.access_token), 400, 'invalid_order_id');
    await expectError(await api.get('/orders/-4', seller.access_token), 400, 'invalid_order_id');
    await expectError(
      await api.get('/orders/99999999999999999999', seller.access_token),
      400,
      'invalid_order_id',
    );
    await expectError(await api.get('/orders/null', seller.access_token), 400, 'empty_order_id');
    await expectError(await api.get('/orders/', seller.access_token), 400, 'empty_order_id');
    await expectError(await api.get(`/orders/${o.id}`), 401, 'not_identified_user');
    await expectError(await api.get(`/orders/${o.id}`, 'APP_USR-1-2-3-4'), 401, 'invalid_token');
    await expectError(await api.get(`/orders/${o.id}`, otherSeller.access_token), 403, 'not_owned_order');
    await expectError(await api.get('/orders/2000000000000001', seller.access_token), 404, 'order_not_found');
    const body = await expectError(
      await api.get('/orders/abc', seller.access_token),
      400,
      'invalid_order_id',
    );
    expect(body.message).toBe('Invalid order ID.');
  });

  it('answers 206 naming the member that could not be loaded, returned empty', async () => {
    const o = await anOrder({ seller: seller.id, status: 'paid' });
    faultyOrderId = o.id;
    const res = await api.get(`/orders/${o.id}`, seller.access_token, { 'x-format-new': 'true' });
    faultyOrderId = -1;
    expect(res.status).toBe(206);
    expect(res.headers.get('x-content-missing')).toBe('feedback');
    const order = partialOrderSchema.parse(await res.json());
    expect(order.feedback).toEqual({});
    expect(order.buyer).toMatchObject({ id: expect.any(String) });
  });

  it('answers 206 when a party’s personal data cannot be opened (retired key)', async () => {
    const o = await anOrder({ seller: otherSeller.id, status: 'paid' });
    const stranger = {
      ...api.store.keyring,
      currentKeyId: 'retired',
      keys: new Map([['retired', Buffer.alloc(32, 7)]]),
    };
    await api.store.db
      .updateTable('users')
      .set({ phone_enc: seal(stranger, '{}', userAad(o.buyerId, 'phone')) })
      .where('id', '=', o.buyerId)
      .execute();
    const res = await api.get(`/orders/${o.id}`, otherSeller.access_token, { 'x-format-new': 'true' });
    expect(res.status).toBe(206);
    expect(res.headers.get('x-content-missing')).toBe('buyer');
    const order = partialOrderSchema.parse(await res.json());
    expect(order.buyer).toEqual({});
    expect(order.seller).toMatchObject({ id: String(otherSeller.id) });
  });
});

describe('GET /orders/{id}/product and /discounts', () => {
  it('returns the product attributes and discount details to the owners only', async () => {
    const withProduct = await api.store.db
      .selectFrom('order_product')
      .innerJoin('orders', 'orders.id', 'order_product.order_id')
      .select(['orders.id', 'orders.seller_id'])
      .executeTakeFirstOrThrow();
    const owner = api.manifest.users.find((u) => u.id === Number(withProduct.seller_id));
    const token = owner?.access_token;
    if (token) {
      const product = orderProductSchema.parse(await api.json(`/orders/${withProduct.id}/product`, token));
      expect(product.attributes.length).toBeGreaterThan(0);
    }
    const discounted = await api.store.db
      .selectFrom('order_discounts')
      .innerJoin('orders', 'orders.id', 'order_discounts.order_id')
      .select(['orders.id'])
      .where('orders.seller_id', '=', seller.id)
      .executeTakeFirstOrThrow();
    const details = orderDiscountsSchema.parse(
      await api.json(`/orders/${discounted.id}/discounts`, seller.access_token),
    );
    expect(details.details.length).toBeGreaterThan(0);
    for (const d of details.details) {
      for (const item of d.items) expect(item.amounts.seller).toBeLessThanOrEqual(item.amounts.total);
    }
    await expectError(
      await api.get(`/orders/${discounted.id}/discounts`, otherSeller.access_token),
      403,
      'not_owned_order',
    );
    await expectError(await api.get(`/orders/${discounted.id}/product`), 401, 'not_identified_user');
    await expectError(await api.get('/orders/x/product', seller.access_token), 400, 'invalid_order_id');
    await expectError(
      await api.get('/orders/2000000000000001/discounts', seller.access_token),
      404,
      'order_not_found',
    );
  });

  it('returns empty lists for an order without attributes or discounts', async () => {
    const plain = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('id', 'not in', (eb) => eb.selectFrom('order_discounts').select('order_id'))
      .where('id', 'not in', (eb) => eb.selectFrom('order_product').select('order_id'))
      .executeTakeFirstOrThrow();
    expect(await api.json(`/orders/${plain.id}/product`, seller.access_token)).toEqual({ attributes: [] });
    expect(await api.json(`/orders/${plain.id}/discounts`, seller.access_token)).toEqual({ details: [] });
  });
});

describe('GET /orders/search', () => {
  const search = (query: string, token = seller.access_token) =>
    api.json<unknown>(`/orders/search?${query}`, token).then((b) => orderSearchEnvelopeSchema.parse(b));

  async function countWhere(
    side: 'seller_id' | 'buyer_id',
    userId: number,
    statuses?: string[],
    exclude?: string[],
  ) {
    let q = api.store.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(side, '=', userId);
    if (statuses) q = q.where('status', 'in', statuses);
    if (exclude) q = q.where('status', 'not in', exclude);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  it('returns the whole envelope with integer party ids and full payments', async () => {
    const page = await search(`seller=${seller.id}`);
    expect(page.query).toBeNull();
    expect(page.display).toBe('complete');
    expect(page.sort).toEqual({ id: 'date_asc', name: expect.any(String) });
    expect(page.available_sorts.map((s) => s.id)).toEqual(['date_desc']);
    expect(page.paging).toEqual({ total: expect.any(Number), offset: 0, limit: 50 });
    const first = page.results[0]!;
    expect(first.seller.id).toBe(seller.id);
    expect(typeof first.buyer.id).toBe('number');
    expect(first.last_updated).toBe(first.date_last_updated);
  });

  it('hides cancelled orders on the seller side unless asked for, and shows them to buyers', async () => {
    const hidden = ['cancelled', 'manually_cancelled'];
    const page = await search(`seller=${seller.id}&limit=51`);
    expect(page.paging.total).toBe(await countWhere('seller_id', seller.id, undefined, hidden));
    expect(page.results.every((o) => !hidden.includes(o.status))).toBe(true);
    const cancelled = await search(`seller=${seller.id}&order.status=cancelled`);
    expect(cancelled.paging.total).toBe(await countWhere('seller_id', seller.id, ['cancelled']));
    expect(cancelled.paging.total).toBeGreaterThan(0);
    const asBuyer = await search(`buyer=${buyer.id}&limit=51`, buyer.access_token);
    expect(asBuyer.paging.total).toBe(await countWhere('buyer_id', buyer.id));
    expect(asBuyer.results.some((o) => hidden.includes(o.status))).toBe(true);
  });

  it('sorts by creation date both ways and pages without overlap', async () => {
    const asc = await search(`seller=${seller.id}&order.status=paid&limit=10`);
    const desc = await search(`seller=${seller.id}&order.status=paid&sort=date_desc&limit=10`);
    const dates = (p: typeof asc) => p.results.map((o) => Date.parse(o.date_created));
    expect(dates(asc)).toEqual([...dates(asc)].sort((a, b) => a - b));
    expect(dates(desc)).toEqual([...dates(desc)].sort((a, b) => b - a));
    expect(desc.sort.id).toBe('date_desc');
    const next = await search(`seller=${seller.id}&order.status=paid&limit=10&offset=10`);
    expect(next.paging.offset).toBe(10);
    const ids = new Set(asc.results.map((o) => o.id));
    expect(next.results.some((o) => ids.has(o.id))).toBe(false);
    expect(asc.paging.total).toBe(await countWhere('seller_id', seller.id, ['paid']));
  });

  it('filters by status lists, tags and tags.not', async () => {
    const page = await search(`seller=${seller.id}&order.status=paid,confirmed&tags=delivered&limit=51`);
    expect(page.results.length).toBeGreaterThan(0);
    for (const o of page.results) {
      expect(['paid', 'confirmed']).toContain(o.status);
      expect(o.tags).toContain('delivered');
    }
    const not = await search(`seller=${seller.id}&tags.not=delivered&limit=51`);
    expect(not.results.every((o) => !o.tags.includes('delivered'))).toBe(true);
    expect(page.filters.map((f) => f.id)).toEqual(['tags', 'order.status']);
  });

  it('filters by the three date ranges', async () => {
    const all = await search(`seller=${seller.id}&order.status=paid&limit=51`);
    const mid = all.results[Math.floor(all.results.length / 2)]!;
    const from = encodeURIComponent(mid.date_created);
    const after = await search(
      `seller=${seller.id}&order.status=paid&order.date_created.from=${from}&limit=51`,
    );
    expect(after.results.every((o) => Date.parse(o.date_created) >= Date.parse(mid.date_created))).toBe(true);
    expect(after.paging.total).toBeLessThan(all.paging.total);
    const closed = await search(
      `seller=${seller.id}&order.date_closed.to=${encodeURIComponent(mid.date_closed!)}&limit=51`,
    );
    expect(
      closed.results.every((o) => o.date_closed && Date.parse(o.date_closed) <= Date.parse(mid.date_closed!)),
    ).toBe(true);
    const updated = await search(
      `seller=${seller.id}&order.date_last_updated.from=${encodeURIComponent(mid.last_updated)}&limit=51`,
    );
    expect(updated.results.every((o) => Date.parse(o.last_updated) >= Date.parse(mid.last_updated))).toBe(
      true,
    );
  });

  it('searches q over order id, item id, item title and the counterpart nickname', async () => {
    const sample = (await search(`seller=${seller.id}&buyer=&limit=5`.replace('&buyer=', ''))).results[2]!;
    const byId = await search(`seller=${seller.id}&q=${sample.id}`);
    expect(byId.results.map((o) => o.id)).toContain(sample.id);
    expect(byId.query).toBe(String(sample.id));
    const itemId = sample.order_items[0]!.item.id;
    const byItem = await search(`seller=${seller.id}&q=${itemId}&limit=51`);
    expect(byItem.results.every((o) => o.order_items.some((i) => i.item.id === itemId))).toBe(true);
    const word = sample.order_items[0]!.item.title.split(' ')[1]!.toLowerCase();
    const byTitle = await search(`seller=${seller.id}&q=${encodeURIComponent(word)}&limit=51`);
    expect(byTitle.paging.total).toBeGreaterThan(0);
    const byNick = await search(
      `seller=${seller.id}&q=${encodeURIComponent(buyer.nickname.toLowerCase())}&limit=51`,
    );
    expect(byNick.results.length).toBeGreaterThan(0);
    expect(byNick.results.every((o) => o.buyer.id === buyer.id)).toBe(true);
    const byItemParam = await search(`seller=${seller.id}&item=${itemId}&limit=51`);
    expect(byItemParam.paging.total).toBe(byItem.paging.total);
  });

  it('filters by feedback and mediations', async () => {
    const rated = await search(`seller=${seller.id}&feedback.purchase.rating=positive&limit=51`);
    expect(rated.results.length).toBeGreaterThan(0);
    expect(
      rated.results.every((o) => (o.feedback.purchase as { rating?: string } | null)?.rating === 'positive'),
    ).toBe(true);
    const pending = await search(`seller=${seller.id}&feedback.status=pending&limit=51`);
    expect(pending.results.every((o) => o.feedback.purchase === null && o.feedback.sale === null)).toBe(true);
    const fulfilled = await search(`seller=${seller.id}&feedback.sale.fulfilled=true&limit=51`);
    expect(
      fulfilled.results.every((o) => (o.feedback.sale as { fulfilled?: boolean } | null)?.fulfilled === true),
    ).toBe(true);
    const mediated = await search(`seller=${seller.id}&mediations.stage=claim,dispute&limit=51`);
    expect(mediated.results.every((o) => o.mediations.length > 0)).toBe(true);
  });

  it('rejects bad input with 400 and a foreign seller with caller.id.invalid', async () => {
    await expectError(await api.get('/orders/search', seller.access_token), 400, 'bad_request');
    await expectError(
      await api.get(`/orders/search?seller=${seller.id}&limit=52`, seller.access_token),
      400,
      'bad_request',
    );
    await expectError(
      await api.get(`/orders/search?seller=${seller.id}&limit=abc`, seller.access_token),
      400,
      'bad_request',
    );
    await expectError(
      await api.get(`/orders/search?seller=${seller.id}&offset=-1`, seller.access_token),
      400,
      'bad_request',
    );
    await expectError(
      await api.get(`/orders/search?seller=${seller.id}&order.status=lost`, seller.access_token),
      400,
      'bad_request',
    );
    await expectError(
      await api.get(`/orders/search?seller=${seller.id}&sort=price`, seller.access_token),
      400,
      'bad_request',
    );
    await expectError(
      await api.get(
        `/orders/search?seller=${seller.id}&order.date_created.from=yesterday`,
        seller.access_token,
      ),
      400,
      'bad_request',
    );
    const unknown = await expectError(
      await api.get(`/orders/search?seller=${seller.id}&order.stauts=paid`, seller.access_token),
      400,
      'bad_request',
    );
    expect(unknown.message).toContain('order.stauts');
    await expectError(
      await api.get(`/orders/search?seller=${otherSeller.id}`, seller.access_token),
      403,
      'caller.id.invalid',
    );
    await expectError(
      await api.get(`/orders/search?seller=${seller.id}&caller.id=${otherSeller.id}`, seller.access_token),
      403,
      'caller.id.invalid',
    );
    await expectError(await api.get(`/orders/search?seller=${seller.id}`), 401, 'not_identified_user');
  });

  describe('comma-separated parameters', () => {
    const sample: Record<(typeof ORDER_SEARCH_LIST_PARAMS)[number], string> = {
      tags: 'paid',
      'tags.not': 'test_order',
      'order.status': 'paid',
      'mediations.stage': 'closed',
      'mediations.status': 'claim_opened',
      'feedback.status': 'pending',
      'feedback.sale.rating': 'positive',
      'feedback.purchase.rating': 'neutral',
      'delivery.case': DELIVERY_CASES[0],
    };
    const values = (key: keyof typeof sample, n: number) => Array(n).fill(sample[key]).join(',');
    const search = (params: Record<string, string>, extra = '') =>
      api.get(
        `/orders/search?${new URLSearchParams({ seller: String(seller.id), ...params })}${extra}`,
        seller.access_token,
      );

    it('each takes its cap of values, all at once', async () => {
      const all = Object.fromEntries(
        ORDER_SEARCH_LIST_PARAMS.map((key) => [key, values(key, ORDER_SEARCH_MAX_LIST_VALUES)]),
      );
      const res = await search(all);
      expect(res.status).toBe(200);
      orderSearchEnvelopeSchema.parse(await res.json());
    });

    it.each(ORDER_SEARCH_LIST_PARAMS)(
      '%s: one value past the cap is a 400 naming it and the cap',
      async (key) => {
        const body = await expectError(
          await search({ [key]: values(key, ORDER_SEARCH_MAX_LIST_VALUES + 1) }),
          400,
          'bad_request',
        );
        expect(body.message).toBe(
          `${key} takes at most ${ORDER_SEARCH_MAX_LIST_VALUES} comma-separated values`,
        );
      },
    );

    it('a thousand tags, on either side and through JSONP, are refused with 400, never a 500', async () => {
      const many = Array.from({ length: 1000 }, (_, i) => `t${i}`).join(',');
      for (const key of ['tags', 'tags.not'] as const) {
        await expectError(await search({ [key]: many }), 400, 'bad_request');
        const bought = await api.get(`/orders/search?buyer=${buyer.id}&${key}=${many}`, buyer.access_token);
        await expectError(bought, 400, 'bad_request');
        const jsonp = await search({ [key]: many }, '&callback=show');
        expect(jsonp.status).toBe(200);
        expect(await jsonp.text()).toMatch(/^show\(\[400, .*"error":"bad_request"/);
      }
    });
  });
});

/** Every order of a user on one side, through the search, parsed with the contract. */
async function everyOrder(api: TestApi, user: TestApi['sellers'][number], side: 'seller' | 'buyer') {
  const statuses = ORDER_STATUSES.join(',');
  const orders: OrderSearchEnvelope['results'] = [];
  for (let offset = 0; ; offset += 51) {
    const page = orderSearchEnvelopeSchema.parse(
      await api.json(
        `/orders/search?${side}=${user.id}&order.status=${statuses}&limit=51&offset=${offset}`,
        user.access_token,
      ),
    );
    orders.push(...page.results);
    if (offset + 51 >= page.paging.total) return orders;
  }
}

describe('seeded orders as the spec and the recorded answers have them', () => {
  // A store of its own: the tests above damage a party's personal data on purpose.
  let api: TestApi;
  beforeAll(async () => {
    api = await seededApi();
  });

  it('sets date_closed on every order first confirmed or paid, and only then (spec 3)', async () => {
    for (const s of api.sellers) {
      const orders = await everyOrder(api, s, 'seller');
      const confirmed = orders.filter((o) => o.status === 'confirmed' || o.status === 'paid');
      expect(confirmed.length, s.nickname).toBeGreaterThan(0);
      for (const o of confirmed) expect(o.date_closed, `${o.id} ${o.status}`).not.toBeNull();
      for (const o of orders.filter((o) => o.status === 'payment_required')) expect(o.date_closed).toBeNull();
      // Confirmed when created: closed at creation.
      for (const o of orders.filter((o) => o.status === 'confirmed'))
        expect(o.date_closed).toBe(o.date_created);
    }
  });

  it('gives sale_fee per unit and a payment of the whole order the fee of every unit', async () => {
    let multiUnit = 0;
    for (const s of api.sellers) {
      for (const o of await everyOrder(api, s, 'seller')) {
        const due = o.total_amount + (o.shipping_cost ?? 0);
        const orderFee = o.order_items.reduce((sum, i) => sum + i.sale_fee * i.quantity, 0);
        for (const i of o.order_items) {
          // 13% of one unit, rounded to the currency's cents (or units).
          expect(Math.abs(i.sale_fee - i.unit_price * 0.13), `${o.id}`).toBeLessThanOrEqual(0.5);
          if (i.quantity > 1) multiUnit++;
        }
        for (const p of o.payments) {
          if (p.transaction_amount < due) continue;
          expect(p.marketplace_fee, `${o.id} payment ${p.id}`).toBeCloseTo(orderFee, 2);
        }
      }
    }
    expect(multiUnit).toBeGreaterThan(0);
  });
});
