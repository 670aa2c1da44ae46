import { errorBodySchema, insightsSchema, todaySchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationBody } from '../live-updates/live-test-support.ts';
import { API_BASE_PATH } from '../marketplace.ts';
import { type Browser, createKit, type Kit } from '../test-support.ts';
import {
  type ApiGet,
  allOrders,
  expectInsightsOf,
  expectTodayOf,
  receivedByOrder,
  searchTotal,
} from './seller-day-test-support.ts';

let kit: Kit;
let seller: Browser;
let sellerId: number;
let token: string;
const get: ApiGet = async (path, bearer, headers = {}) => {
  const res = await kit.bff.app.request(`${API_BASE_PATH}${path}`, {
    headers: { authorization: `Bearer ${bearer}`, ...headers },
  });
  expect(res.status, path).toBe(200);
  return res.json();
};

async function ready(browser: Browser, id: number) {
  await browser.request('/bff/today');
  await kit.bff.sellerDay.settled(id);
  const res = await browser.request('/bff/today');
  expect(res.status).toBe(200);
  const today = todaySchema.parse(await res.json());
  expect(today.projection.state).toBe('ready');
  return today;
}

beforeAll(async () => {
  kit = await createKit({ bff: { liveUpdates: { sourceCheck: 'off' } } });
  seller = kit.browser('198.51.100.40');
  await seller.signIn('TIENDA_PALERMO');
  sellerId = kit.user('TIENDA_PALERMO').id;
  token = kit.user('TIENDA_PALERMO').access_token;
});

describe("a seller's day, from the BFF's projection of the seller's orders", () => {
  it("counts each of Today's queues as the API's own searches do", async () => {
    const today = await ready(seller, sellerId);
    expect(today.seller_id).toBe(sellerId);
    expect(today.currency_id).toBe('ARS');
    const orders = await allOrders(get, token, sellerId);
    await expectTodayOf(today, get, token, orders, kit.now());
    expect(today.queues.reduce((t, q) => t + q.count, 0)).toBeGreaterThan(0);
  });

  it("gives Insights' figures as recomputed from the API's orders, for presets and a custom range", async () => {
    const orders = await allOrders(get, token, sellerId);
    const received = await receivedByOrder(get, token, orders);
    for (const query of ['days=7', 'days=30', 'days=90', 'from=2025-12-01&to=2026-11-30']) {
      const res = await seller.request(`/bff/insights?${query}`);
      expect(res.status, query).toBe(200);
      const insights = insightsSchema.parse(await res.json());
      expectInsightsOf(insights, orders, received);
    }
    const year = insightsSchema.parse(
      await (await seller.request(`/bff/insights?from=2025-01-01&to=2025-12-31`)).json(),
    );
    expect(year.period.days).toBe(365);
    const wide = insightsSchema.parse(
      await (await seller.request(`/bff/insights?from=2025-12-01&to=2026-11-30`)).json(),
    );
    expect(wide.figures.orders).toBeGreaterThan(0);
    expect(wide.figures.sales).toBeGreaterThan(0);
    expect(wide.top_products.length).toBeGreaterThan(0);
  });

  it('refuses a period it cannot answer with the error body', async () => {
    for (const query of [
      'days=14',
      'from=2026-13-01&to=2026-12-01',
      'from=2026-02-01&to=2026-01-01',
      'from=2024-01-01&to=2026-01-01',
      'from=2026-01-01',
      'days=7&from=2026-01-01&to=2026-01-02',
      'from=yesterday&to=today',
      'period=week',
    ]) {
      const res = await seller.request(`/bff/insights?${query}`);
      expect(res.status, query).toBe(400);
      const body = errorBodySchema.parse(await res.json());
      expect(body.error).toBe('bad_request');
      expect(JSON.stringify(body)).not.toMatch(/\n\s+at |\/src\/|select /i);
    }
  });

  it('answers nobody signed out', async () => {
    const stranger = kit.browser('198.51.100.41');
    expect((await stranger.request('/bff/today')).status).toBe(401);
    expect((await stranger.request('/bff/insights')).status).toBe(401);
  });

  it('answers the operator acting for the seller with the same figures, and refuses it without orders.read', async () => {
    const operator = kit.browser('198.51.100.42');
    await operator.signIn('SOPORTE_PALERMO');
    await operator.workOn(sellerId);
    const mine = todaySchema.parse(await (await seller.request('/bff/today')).json());
    const theirs = todaySchema.parse(await (await operator.request('/bff/today')).json());
    expect(theirs).toEqual(mine);

    const operatorId = kit.user('SOPORTE_PALERMO').id;
    const changed = await kit.bff.app.request(`${API_BASE_PATH}/users/${sellerId}/operators/${operatorId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ permissions: ['blocklists.manage'] }),
    });
    expect(changed.status).toBe(200);
    for (const path of ['/bff/today', '/bff/insights?days=7']) {
      const res = await operator.request(path);
      expect(res.status, path).toBe(403);
      expect(errorBodySchema.parse(await res.json()).error).toBe('operator_permission_denied');
    }
  });

  it('takes a sale off the unrated queue by the time the notification of its rating is published', async () => {
    const before = await ready(seller, sellerId);
    const unrated = before.queues.find((q) => q.id === 'unrated_sales')!;
    const entry = unrated.entries[0];
    expect(entry).toBeDefined();
    const rated = await kit.bff.app.request(`${API_BASE_PATH}/orders/${entry!.order_id}/feedback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fulfilled: true, rating: 'positive', message: 'Gracias' }),
    });
    expect(rated.status).toBe(201);
    // Nothing told the BFF yet: the projection still has the sale to rate.
    const still = todaySchema.parse(await (await seller.request('/bff/today')).json());
    expect(still.queues.find((q) => q.id === 'unrated_sales')!.count).toBe(unrated.count);
    const notified = await kit.bff.app.request('/bff/notifications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(notificationBody(sellerId, entry!.order_id, { topic: 'orders_feedback' })),
    });
    expect(notified.status).toBe(200);
    // The worker writes the projection before it publishes the change: once it is done, Today has it.
    await kit.bff.liveUpdates.worker.drain();
    const after = todaySchema.parse(await (await seller.request('/bff/today')).json());
    const queue = after.queues.find((q) => q.id === 'unrated_sales')!;
    expect(queue.entries.map((e) => e.order_id)).not.toContain(entry!.order_id);
    expect(queue.count).toBe(await searchTotal(get, token, sellerId, queue.search));
  });
});
