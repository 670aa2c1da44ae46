import { type LiveEvent, liveEventSchema, notificationReceiptSchema } from '@mostrador/contracts';
import {
  checkRule,
  createFaultRuleRepository,
  DEMO_APPLICATION_ID,
  setApplicationCallback,
  startDispatcher,
} from '@mostrador/marketplace-api';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../test-support.ts';
import { cookieOf, listen } from './live-test-support.ts';
import { SseClient } from './sse-test-client.ts';

/**
 * The dashboard's receiver under the notification sender's faults on purpose (decision 0293): the embedded
 * marketplace's dispatcher, told by rules to deliver twice, late or out of order, posts over real HTTP to the BFF,
 * whose worker publishes what it read to the seller's event stream. A notification seen before is not shown again;
 * one that comes late or out of order never shows an order as it was before what the stream already showed.
 */

/** The test's time limit: the one deadline, a budget for a busy machine rather than a wait. */
const BUDGET_MS = 60_000;

type Post = { id: string; received: string; sentAt: number; answer: string };

let kit: Kit;
let cleanups: (() => Promise<void>)[] = [];
let posts: Post[];
let stream: SseClient;
let seller: { id: number; token: string };
let buyer: { token: string };
let origin: string;

beforeEach(async () => {
  cleanups = [];
  posts = [];
  kit = await createKit({ bff: { liveUpdates: { sourceCheck: 'loopback', heartbeatMs: 100 } } });
  const worker = kit.bff.liveUpdates.start();
  cleanups.push(() => worker.stop());
  const http = await listen(kit.bff.app);
  cleanups.push(() => http.close());
  origin = http.url;
  await setApplicationCallback(kit.store, DEMO_APPLICATION_ID, `${origin}/bff/notifications`, {
    localUse: true,
  });
  const owner = await sql<{
    owner_user_id: number;
  }>`select owner_user_id from applications where id = ${DEMO_APPLICATION_ID}`.execute(kit.store.db);
  const ownerUser = kit.manifest.users.find((u) => u.id === Number(owner.rows[0]!.owner_user_id))!;
  seller = { id: ownerUser.id, token: ownerUser.access_token };
  const buyerUser = kit.manifest.users.find((u) => u.role === 'buyer' && u.site_id === ownerUser.site_id)!;
  buyer = { token: buyerUser.access_token };
  const browser = kit.browser();
  await browser.signIn(ownerUser.nickname);
  stream = await SseClient.open(`${origin}/bff/events`, cookieOf(browser));
  cleanups.push(() => stream.close());
  // The sender of `npm start`, in local use, seen from outside: every POST it makes and what the receiver said.
  const dispatcher = startDispatcher({
    store: kit.store,
    localUse: true,
    timeoutMs: BUDGET_MS,
    leaseMs: 3 * BUDGET_MS,
    fetch: async (url, init) => {
      const res = await fetch(url, init);
      const body = JSON.parse(String(init?.body)) as { _id: string; received: string };
      posts.push({
        id: body._id,
        received: body.received,
        sentAt: Date.now(),
        answer: await res.clone().text(),
      });
      return res;
    },
  });
  cleanups.push(() => dispatcher.stop());
});

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function addRule(fault: string, topic = 'orders_v2') {
  const checked = checkRule({ fault, topic });
  if (!checked.ok) throw new Error(checked.problems.join('; '));
  // As `npm run faults` does, on a store of its own: the running dispatcher follows the store's change sequence.
  await createFaultRuleRepository(kit.store.db).add(checked.fault, Date.now());
}

async function api(method: string, path: string, token: string, body?: unknown) {
  // The marketplace's clock is the kit's: it is now when each change is made.
  kit.advance(Math.max(1, Date.now() - kit.now()));
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as { id: number; status: string; last_updated: string };
}

/** A new order of the seller, then paid, then cancelled by the seller: three changes, three notifications. */
async function threeChanges(): Promise<number> {
  const item = await kit.store.db
    .selectFrom('items')
    .select('id')
    .where('seller_id', '=', seller.id)
    .where('available_quantity', '>', 5)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const order = await api('POST', '/orders', buyer.token, {
    seller_id: seller.id,
    items: [{ id: item.id, quantity: 1 }],
  });
  await api('POST', `/orders/${order.id}/payments`, buyer.token, { status: 'approved' });
  await api('POST', `/orders/${order.id}/cancel`, seller.token, { code: 'seller_cancel_sale' });
  return order.id;
}

const eventsOf = (orderId: number): LiveEvent[] =>
  stream.messages.map((m) => liveEventSchema.parse(JSON.parse(m.data))).filter((e) => e.order.id === orderId);

/** The seller's notifications about the order, by `_id`, as the outbox holds them. */
async function notificationIds(orderId: number): Promise<string[]> {
  const rows = await kit.store.db
    .selectFrom('notification_outbox')
    .select('feed_id')
    .where('resource', '=', `/orders/${orderId}`)
    .where('user_id', '=', seller.id)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.feed_id);
}

/** Waits until every one of the order's notifications is on the stream and the last shows the order as it is now. */
async function settled(orderId: number) {
  const ids = await notificationIds(orderId);
  expect(ids).toHaveLength(3);
  await stream.until(
    () => ids.every((id) => eventsOf(orderId).some((e) => e.notification_ids.includes(id))),
    BUDGET_MS,
    'every notification of the order on the stream',
  );
  const events = eventsOf(orderId);
  // Never shown twice: each notification is in one event only.
  const shown = events.flatMap((e) => e.notification_ids);
  expect(new Set(shown).size).toBe(shown.length);
  // Never back in time: each event shows the order as late as the one before it, and the last as it is.
  const times = events.map((e) => e.order.last_updated);
  expect(times).toEqual([...times].sort());
  const rank = events.map((e) => ['payment_required', 'paid', 'cancelled'].indexOf(e.order.status));
  expect(rank).toEqual([...rank].sort());
  const now = await api('GET', `/orders/${orderId}`, seller.token);
  expect(events.at(-1)!.order.status).toBe('cancelled');
  expect(events.at(-1)!.order.last_updated).toBe(now.last_updated);
  return { ids, events };
}

describe('the BFF receiver under delivery faults', { timeout: BUDGET_MS }, () => {
  it('deliver=twice: every notification arrives twice, and is shown once', async () => {
    await addRule('deliver=twice');
    const orderId = await threeChanges();
    const { ids } = await settled(orderId);
    // Both deliveries of each reached the receiver, which knew the second.
    await expect
      .poll(
        () =>
          ids.map((id) =>
            posts
              .filter((p) => p.id === id)
              .map((p) => notificationReceiptSchema.parse(JSON.parse(p.answer)).status),
          ),
        { timeout: BUDGET_MS },
      )
      .toEqual(ids.map(() => ['queued', 'duplicate']));
    expect(new Set(eventsOf(orderId).flatMap((e) => e.notification_ids))).toEqual(new Set(ids));
  });

  it('deliver=late: each arrives after the hold, showing the order as it is then', async () => {
    await addRule('deliver=late; delay=1500');
    const orderId = await threeChanges();
    const { ids } = await settled(orderId);
    const first = posts.find((p) => p.id === ids[0])!;
    expect(first.sentAt - Date.parse(first.received)).toBeGreaterThanOrEqual(1500);
  });

  it('deliver=out-of-order: the newest arrives first, and the order never goes back', async () => {
    await addRule('deliver=out-of-order; delay=4000');
    const orderId = await threeChanges();
    const { ids } = await settled(orderId);
    const arrived = posts.filter((p) => ids.includes(p.id)).map((p) => p.id);
    expect(arrived).toEqual([...ids].reverse());
  });
});
