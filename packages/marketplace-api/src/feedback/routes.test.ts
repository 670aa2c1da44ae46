import {
  type Feedback,
  feedbackSchema,
  orderFeedbackSchema,
  orderSchema,
  orderSearchEnvelopeSchema,
} from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoAt } from '../domain/time.ts';
import { createTokenRepository } from '../oauth/token-repository.ts';
import { DEMO_APPLICATION_ID } from '../seed/generate.ts';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

const DAY = 86_400_000;
// The clock the app reads; tests move it. Starts at the real time so the seeded tokens are valid.
let now = Date.now();

let api: TestApi;
let seller: TestApi['sellers'][number];
let stranger: TestApi['sellers'][number];

beforeAll(async () => {
  api = await seededApi({ clock: () => new Date(now) });
  seller = api.sellers[0]!;
  stranger = api.sellers[1]!;
});

/** A token issued at the clock's current time (seeded tokens expire six hours after the seed). */
async function tokenFor(userId: number): Promise<string> {
  return (await createTokenRepository(api.store.db).issue(DEMO_APPLICATION_ID, userId, new Date(now))).token;
}

const usedOrders = new Set<number>();
/** An order of the demo seller (one seller-side search shows) without feedback yet, and a fresh token of its buyer. */
async function pendingOrder(): Promise<{ id: number; buyerId: number; buyerToken: string }> {
  const rows = await api.store.db
    .selectFrom('orders')
    .select(['id', 'buyer_id'])
    .where('seller_id', '=', seller.id)
    .where('feedback_status', '=', 'pending')
    .where('status', 'not in', ['cancelled', 'manually_cancelled'])
    .orderBy('id')
    .limit(100)
    .execute();
  const row = rows.find((r) => !usedOrders.has(Number(r.id)));
  if (!row) throw new Error('no pending order left');
  usedOrders.add(Number(row.id));
  return {
    id: Number(row.id),
    buyerId: Number(row.buyer_id),
    buyerToken: await tokenFor(Number(row.buyer_id)),
  };
}

function post(path: string, body: unknown, token?: string, type = 'application/json') {
  return api.app.request(path, {
    method: 'POST',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function feedbackRow(orderId: number) {
  return api.store.db.selectFrom('feedback').selectAll().where('order_id', '=', orderId).execute();
}

async function searchIds(token: string, query: string) {
  const res = await api.get(`/orders/search?${query}&limit=51`, token);
  expect(res.status).toBe(200);
  return orderSearchEnvelopeSchema.parse(await res.json()).results.map((o) => o.id);
}

describe('GET /orders/{id}/feedback', () => {
  it('answers both sides, null until given, to the seller and the buyer', async () => {
    const { id, buyerToken } = await pendingOrder();
    for (const token of [seller.access_token, buyerToken]) {
      expect(orderFeedbackSchema.parse(await api.json(`/orders/${id}/feedback`, token))).toEqual({
        purchase: null,
        sale: null,
      });
    }
  });

  it('answers a seeded feedback as the order embeds it', async () => {
    const row = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('feedback_status', '=', 'complete')
      .executeTakeFirstOrThrow();
    const feedback = orderFeedbackSchema.parse(
      await api.json(`/orders/${row.id}/feedback`, seller.access_token),
    );
    const order = orderSchema.parse(await api.json(`/orders/${row.id}`, seller.access_token));
    expect(feedback.sale).not.toBeNull();
    expect(order.feedback).toEqual(feedback);
  });

  it('refuses callers who are not a party, and bad ids', async () => {
    const { id } = await pendingOrder();
    await expectError(await api.get(`/orders/${id}/feedback`), 401, 'not_identified_user');
    await expectError(await api.get(`/orders/${id}/feedback`, stranger.access_token), 403, 'not_owned_order');
    await expectError(await api.get('/orders/1/feedback', seller.access_token), 404, 'order_not_found');
    await expectError(await api.get('/orders/abc/feedback', seller.access_token), 400, 'invalid_order_id');
  });
});

describe('POST /orders/{id}/feedback', () => {
  it("gives the seller's sale feedback and shows it at once in the order and in search", async () => {
    const { id, buyerToken } = await pendingOrder();
    now += 60_000;
    const res = await post(
      `/orders/${id}/feedback`,
      { fulfilled: true, rating: 'positive', message: '¡Gracias por tu compra!' },
      seller.access_token,
    );
    expect(res.status).toBe(201);
    const given = feedbackSchema.parse(await res.json());
    expect(given).toMatchObject({
      fulfilled: true,
      rating: 'positive',
      message: '¡Gracias por tu compra!',
      reason: null,
      reply: null,
      status: 'active',
    });
    expect(Date.parse(given.date_created)).toBe(now);

    const order = orderSchema.parse(await api.json(`/orders/${id}`, buyerToken));
    expect(order.feedback).toEqual({ purchase: null, sale: given });
    // The demo seller sells on MLA, whose site is at GMT-03:00.
    expect(order.last_updated).toBe(isoAt(now, -180));
    expect(order.date_last_updated ?? order.last_updated).toBe(order.last_updated);

    const ids = await searchIds(seller.access_token, `seller=${seller.id}&feedback.status=waiting_buyer`);
    expect(ids).toContain(id);
    expect(await searchIds(seller.access_token, `seller=${seller.id}&feedback.status=pending`)).not.toContain(
      id,
    );
    expect(
      await searchIds(seller.access_token, `seller=${seller.id}&feedback.sale.rating=positive&q=${id}`),
    ).toEqual([id]);
    const updated = await searchIds(
      seller.access_token,
      `seller=${seller.id}&order.date_last_updated.from=${encodeURIComponent(isoAt(now, -180))}`,
    );
    expect(updated).toContain(id);
  });

  it("gives the buyer's purchase feedback; a second one of the same side is a conflict that changes nothing", async () => {
    const { id, buyerId, buyerToken } = await pendingOrder();
    const first = await post(
      `/orders/${id}/feedback`,
      { fulfilled: false, rating: 'negative', reason: 'BUYER_PAID_BUT_DID_NOT_RECEIVE' },
      buyerToken,
    );
    expect(first.status).toBe(201);
    const before = await feedbackRow(id);
    const again = await post(`/orders/${id}/feedback`, { fulfilled: true, rating: 'positive' }, buyerToken);
    await expectError(again, 409, 'feedback_already_exists');
    expect(await feedbackRow(id)).toEqual(before);
    expect(await searchIds(buyerToken, `buyer=${buyerId}&feedback.purchase.fulfilled=false&q=${id}`)).toEqual(
      [id],
    );

    const sale = await post(
      `/orders/${id}/feedback`,
      { fulfilled: true, rating: 'neutral' },
      seller.access_token,
    );
    expect(sale.status).toBe(201);
    const both = orderFeedbackSchema.parse(await api.json(`/orders/${id}/feedback`, seller.access_token));
    expect(both.purchase).toMatchObject({ fulfilled: false, reason: 'BUYER_PAID_BUT_DID_NOT_RECEIVE' });
    expect(both.sale).toMatchObject({ rating: 'neutral' });
    expect(
      await searchIds(seller.access_token, `seller=${seller.id}&feedback.status=complete&q=${id}`),
    ).toEqual([id]);
  });

  it('answers invalid_fulfilled for a fulfilled that is not a boolean or a false one without reason', async () => {
    const { id } = await pendingOrder();
    for (const body of [
      { rating: 'positive' },
      { fulfilled: 'true', rating: 'positive' },
      { fulfilled: 1, rating: 'positive' },
      { fulfilled: null, rating: 'neutral' },
      { fulfilled: false, rating: 'negative' },
      { fulfilled: false, rating: 'negative', reason: null },
    ]) {
      await expectError(
        await post(`/orders/${id}/feedback`, body, seller.access_token),
        400,
        'invalid_fulfilled',
      );
    }
    expect(await feedbackRow(id)).toEqual([]);
  });

  it('refuses any other invalid body with 400 and writes nothing', async () => {
    const { id } = await pendingOrder();
    for (const body of [
      { fulfilled: true, rating: 'great' },
      { fulfilled: true, rating: 'positive', message: 'x'.repeat(161) },
      { fulfilled: true, rating: 'positive', message: '   ' },
      { fulfilled: true, rating: 'positive', reason: 'OUT_OF_STOCK' },
      { fulfilled: false, rating: 'positive', reason: 'OUT_OF_STOCK' },
      { fulfilled: false, rating: 'negative', reason: 'BUYER_PAID_BUT_DID_NOT_RECEIVE' },
      { fulfilled: true, rating: 'positive', restock_item: false },
      [],
      'not json',
    ]) {
      await expectError(await post(`/orders/${id}/feedback`, body, seller.access_token), 400, 'bad_request');
    }
    const wrongType = await post(`/orders/${id}/feedback`, '{}', seller.access_token, 'text/plain');
    await expectError(wrongType, 415, 'unsupported_media_type');
    expect(await feedbackRow(id)).toEqual([]);
    // At the limit, it is accepted.
    const ok = await post(
      `/orders/${id}/feedback`,
      { fulfilled: false, rating: 'neutral', reason: 'OUT_OF_STOCK', message: 'x'.repeat(160) },
      seller.access_token,
    );
    expect(ok.status).toBe(201);
  });

  it('refuses callers who are not a party', async () => {
    const { id } = await pendingOrder();
    const body = { fulfilled: true, rating: 'positive' };
    await expectError(await post(`/orders/${id}/feedback`, body), 401, 'not_identified_user');
    await expectError(
      await post(`/orders/${id}/feedback`, body, stranger.access_token),
      403,
      'not_owned_order',
    );
    await expectError(await post('/orders/1/feedback', body, seller.access_token), 404, 'order_not_found');
    await expectError(await post('/orders/null/feedback', body, seller.access_token), 400, 'empty_order_id');
    expect(await feedbackRow(id)).toEqual([]);
  });
});

describe('POST /feedback/{id}/reply', () => {
  async function giveSale(): Promise<{ orderId: number; buyerId: number; feedback: Feedback }> {
    const { id: orderId, buyerId } = await pendingOrder();
    const res = await post(
      `/orders/${orderId}/feedback`,
      { fulfilled: true, rating: 'positive' },
      await tokenFor(seller.id),
    );
    expect(res.status).toBe(201);
    return { orderId, buyerId, feedback: feedbackSchema.parse(await res.json()) };
  }

  it('lets the receiver reply once, and shows the reply in the order', async () => {
    const { orderId, buyerId, feedback } = await giveSale();
    now += DAY;
    const token = await tokenFor(buyerId);
    const res = await post(`/feedback/${feedback.id}/reply`, { reply: 'Muchas gracias' }, token);
    expect(res.status).toBe(201);
    const replied = feedbackSchema.parse(await res.json());
    expect(replied).toMatchObject({ id: feedback.id, reply: 'Muchas gracias' });
    expect(Date.parse(replied.reply_date!)).toBe(now);
    const order = orderSchema.parse(await api.json(`/orders/${orderId}`, token));
    expect(order.feedback.sale).toEqual(replied);
    expect(Date.parse(order.last_updated)).toBe(now);

    const again = await post(`/feedback/${feedback.id}/reply`, { reply: 'Otra vez' }, token);
    await expectError(again, 409, 'reply_already_exists');
    const stored = await api.store.db
      .selectFrom('feedback')
      .select('reply')
      .where('id', '=', feedback.id)
      .executeTakeFirstOrThrow();
    expect(stored.reply).toBe('Muchas gracias');
  });

  it('lets only the receiver reply', async () => {
    const { feedback } = await giveSale();
    const body = { reply: 'Gracias' };
    await expectError(await post(`/feedback/${feedback.id}/reply`, body), 401, 'not_identified_user');
    const giver = await post(`/feedback/${feedback.id}/reply`, body, await tokenFor(seller.id));
    await expectError(giver, 403, 'forbidden');
    const other = await post(`/feedback/${feedback.id}/reply`, body, await tokenFor(stranger.id));
    await expectError(other, 403, 'not_owned_order');
  });

  it('answers feedback_not_found, and 400 for bad ids and bodies', async () => {
    const { feedback, buyerId } = await giveSale();
    const token = await tokenFor(buyerId);
    await expectError(await post('/feedback/999/reply', { reply: 'Hola' }, token), 404, 'feedback_not_found');
    await expectError(await post('/feedback/abc/reply', { reply: 'Hola' }, token), 400, 'bad_request');
    for (const body of [
      {},
      { reply: '' },
      { reply: '  ' },
      { reply: 5 },
      { reply: 'x'.repeat(161) },
      { reply: 'a', x: 1 },
    ]) {
      await expectError(await post(`/feedback/${feedback.id}/reply`, body, token), 400, 'bad_request');
    }
  });

  it('accepts a reply on the 14th day and answers reply_time_expired after it', async () => {
    const onTime = await giveSale();
    const late = await giveSale();
    now += 14 * DAY;
    const ok = await post(
      `/feedback/${onTime.feedback.id}/reply`,
      { reply: 'A tiempo' },
      await tokenFor(onTime.buyerId),
    );
    expect(ok.status).toBe(201);
    now += 1;
    const res = await post(
      `/feedback/${late.feedback.id}/reply`,
      { reply: 'Tarde' },
      await tokenFor(late.buyerId),
    );
    await expectError(res, 400, 'reply_time_expired');
    const stored = await feedbackRow(late.orderId);
    expect(stored[0]?.reply).toBeNull();
  });
});
