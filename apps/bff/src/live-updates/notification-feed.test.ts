import {
  errorBodySchema,
  liveEventSchema,
  notificationFeedSchema,
  notificationRedeliverySchema,
  REDELIVERY_ID_PREFIX,
} from '@mostrador/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createKit, type Kit, ORIGIN } from '../test-support.ts';
import { cookieOf, listen, notificationBody, ordersOf, postNotification } from './live-test-support.ts';
import { SseClient } from './sse-test-client.ts';

let kit: Kit;
let http: Awaited<ReturnType<typeof listen>>;
let stopWorker: (() => Promise<void>) | undefined;
const clients: SseClient[] = [];

async function setup(options: { redeliver?: boolean; startWorker?: boolean } = {}) {
  kit = await createKit({
    bff: {
      liveUpdates: {
        sourceCheck: 'loopback',
        heartbeatMs: 100,
        worker: { pollMs: 20 },
        redeliver: options.redeliver ?? true,
      },
    },
  });
  http = await listen(kit.bff.app);
  if (options.startWorker ?? true) {
    const running = kit.bff.liveUpdates.start();
    stopWorker = () => running.stop();
  }
}

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  await stopWorker?.();
  stopWorker = undefined;
  await http?.close();
});

type Signed = { cookieHeader(): string };

async function seller(nickname: string) {
  const browser = kit.browser();
  await browser.signIn(nickname);
  const user = kit.user(nickname);
  return { browser, id: user.id, orders: await ordersOf(kit, user.id) };
}

async function notify(body: unknown) {
  const res = await postNotification(http.url, body);
  expect(res.status).toBe(200);
}

const feed = (browser: Signed | null, query = '') =>
  fetch(`${http.url}/bff/notifications${query}`, { headers: browser ? cookieOf(browser) : {} });

const readFeed = async (browser: Signed, query = '') => {
  const res = await feed(browser, query);
  expect(res.status).toBe(200);
  return notificationFeedSchema.parse(await res.json());
};

/** A same-origin page's write over real HTTP: its cookie, its Origin and X-Requested-With. */
const redeliver = (browser: Signed | null, id: number | string, headers: Record<string, string> = {}) =>
  fetch(`${http.url}/bff/notifications/${id}/redeliver`, {
    method: 'POST',
    headers: {
      ...(browser ? cookieOf(browser) : {}),
      origin: ORIGIN,
      'x-requested-with': 'fetch',
      ...headers,
    },
  });

async function expectRefused(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(errorBodySchema.parse(await res.json()).error).toBe(error);
}

describe('GET /bff/notifications', () => {
  it('lists the active account’s entries newest first, by topic and page, and no one else’s', async () => {
    await setup({ startWorker: false });
    const palermo = await seller('TIENDA_PALERMO');
    const pinheiros = await seller('LOJA_PINHEIROS');
    const [a, b, c] = palermo.orders;
    const bodies = [
      notificationBody(palermo.id, a!),
      notificationBody(palermo.id, b!, { topic: 'orders_feedback' }),
      notificationBody(palermo.id, c!),
    ];
    for (const body of bodies) await notify(body);
    // A repeat about the first order while it waits is folded into its entry.
    await notify({ ...bodies[0], _id: `${bodies[0]!._id}-again` });
    await notify(notificationBody(pinheiros.id, pinheiros.orders[0]!));

    const mine = await readFeed(palermo.browser);
    expect(mine.notifications.map((n) => n.order_id)).toEqual([c, b, a]);
    expect(mine.notifications.map((n) => n.topic)).toEqual(['orders_v2', 'orders_feedback', 'orders_v2']);
    expect(mine.notifications[2]).toMatchObject({
      resource: `/orders/${a}`,
      state: 'pending',
      park_reason: null,
      finished_at: null,
      redelivery: false,
      notification_ids: [bodies[0]!._id, `${bodies[0]!._id}-again`],
    });
    expect(mine.next_before).toBeNull();

    const feedback = await readFeed(palermo.browser, '?topic=orders_feedback');
    expect(feedback.notifications.map((n) => n.order_id)).toEqual([b]);

    const first = await readFeed(palermo.browser, '?limit=2');
    expect(first.notifications.map((n) => n.order_id)).toEqual([c, b]);
    expect(first.next_before).toBe(first.notifications[1]!.id);
    const second = await readFeed(palermo.browser, `?limit=2&before=${first.next_before}`);
    expect(second.notifications.map((n) => n.order_id)).toEqual([a]);
    expect(second.next_before).toBeNull();

    const theirs = await readFeed(pinheiros.browser);
    expect(theirs.notifications.map((n) => n.order_id)).toEqual([pinheiros.orders[0]]);
  });

  it('shows done and parked entries with their reason once the worker is through', async () => {
    await setup();
    const palermo = await seller('TIENDA_PALERMO');
    const pinheiros = await seller('LOJA_PINHEIROS');
    await notify(notificationBody(palermo.id, palermo.orders[0]!));
    // Palermo's notification naming Pinheiros' order: the platform refuses the read, the entry is parked.
    await notify(notificationBody(palermo.id, pinheiros.orders[0]!));
    await expect
      .poll(async () => (await readFeed(palermo.browser)).notifications.map((n) => n.state), {
        timeout: 5_000,
      })
      .toEqual(['parked', 'done']);
    const [parked, done] = (await readFeed(palermo.browser)).notifications;
    expect(parked).toMatchObject({ park_reason: 'not_owned_order' });
    expect(parked!.finished_at).not.toBeNull();
    expect(done).toMatchObject({ park_reason: null, tries: 0 });
    expect(Date.parse(done!.finished_at!)).toBeGreaterThanOrEqual(Date.parse(done!.arrived_at));
  });

  it('answers 401 without a session and 400 for bad parameters', async () => {
    await setup({ startWorker: false });
    const palermo = await seller('TIENDA_PALERMO');
    await expectRefused(await feed(null), 401, 'not_identified_user');
    for (const query of [
      '?topic=items',
      '?before=0',
      '?before=abc',
      '?limit=0',
      '?limit=101',
      '?limit=-1',
      '?surprise=1',
    ]) {
      const res = await feed(palermo.browser, query);
      expect(res.status, query).toBe(400);
      const body = errorBodySchema.parse(await res.json());
      expect(body.error).toBe('bad_request');
      expect(body.cause.length).toBeGreaterThan(0);
    }
  });
});

describe('POST /bff/notifications/{id}/redeliver', () => {
  it('puts the stored notification through the receiver again: it reaches the stream once more', async () => {
    await setup();
    const palermo = await seller('TIENDA_PALERMO');
    const client = await SseClient.open(`${http.url}/bff/events`, cookieOf(palermo.browser));
    clients.push(client);
    const body = notificationBody(palermo.id, palermo.orders[0]!);
    await notify(body);
    await client.until((c) => c.messages.length === 1, 5_000, 'the first event');
    const first = liveEventSchema.parse(JSON.parse(client.messages[0]!.data));
    expect(first.notification_ids).toEqual([body._id]);
    expect(first.queue_id).toBeDefined();

    const res = await redeliver(palermo.browser, first.queue_id!);
    expect(res.status).toBe(200);
    const redelivery = notificationRedeliverySchema.parse(await res.json());
    expect(redelivery.status).toBe('queued');
    expect(redelivery.notification_id.startsWith(REDELIVERY_ID_PREFIX)).toBe(true);

    await client.until((c) => c.messages.length === 2, 5_000, 'the redelivered event');
    const again = liveEventSchema.parse(JSON.parse(client.messages[1]!.data));
    expect(again.notification_ids).toEqual([redelivery.notification_id]);
    expect(again.resource).toBe(first.resource);
    expect(again.changed_at).toBe(first.changed_at);
    expect(again.queue_id).not.toBe(first.queue_id);

    const entries = (await readFeed(palermo.browser)).notifications;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ id: again.queue_id, redelivery: true, state: 'done' });
    expect(entries[1]).toMatchObject({ id: first.queue_id, redelivery: false });
  });

  it('is the active account’s own entries only, signed in, through the CSRF check', async () => {
    await setup({ startWorker: false });
    const palermo = await seller('TIENDA_PALERMO');
    const pinheiros = await seller('LOJA_PINHEIROS');
    await notify(notificationBody(palermo.id, palermo.orders[0]!));
    const [entry] = (await readFeed(palermo.browser)).notifications;

    await expectRefused(await redeliver(pinheiros.browser, entry!.id), 404, 'not_found');
    await expectRefused(await redeliver(palermo.browser, 'abc'), 400, 'bad_request');
    await expectRefused(await redeliver(palermo.browser, 999_999), 404, 'not_found');
    await expectRefused(await redeliver(null, entry!.id), 401, 'not_identified_user');
    // A cross-site page's post: refused before anything happens.
    const forged = await redeliver(palermo.browser, entry!.id, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect((await readFeed(palermo.browser)).notifications).toHaveLength(1);
    expect((await readFeed(pinheiros.browser)).notifications).toHaveLength(0);

    const ok = await redeliver(palermo.browser, entry!.id);
    expect(ok.status).toBe(200);
    // Still waiting: the redelivery folds into the same entry, as a repeat from the platform would.
    const after = (await readFeed(palermo.browser)).notifications;
    expect(after).toHaveLength(1);
    expect(after[0]!.notification_ids).toHaveLength(2);
    expect(after[0]!.redelivery).toBe(true);
  });

  it('does not exist outside local use', async () => {
    await setup({ redeliver: false, startWorker: false });
    const palermo = await seller('TIENDA_PALERMO');
    await notify(notificationBody(palermo.id, palermo.orders[0]!));
    const [entry] = (await readFeed(palermo.browser)).notifications;
    await expectRefused(await redeliver(palermo.browser, entry!.id), 404, 'not_found');
    expect((await readFeed(palermo.browser)).notifications[0]!.notification_ids).toHaveLength(1);
  });
});
