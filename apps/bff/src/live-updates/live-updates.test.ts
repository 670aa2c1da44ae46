import {
  errorBodySchema,
  liveEventSchema,
  notificationReceiptSchema,
  orderNotificationListSchema,
} from '@mostrador/contracts';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connection, createKit, expectNoTokens, type Kit, type KitOptions } from '../test-support.ts';
import { MAX_STREAMS_PER_SESSION } from './event-routes.ts';
import { cookieOf, listen, notificationBody, ordersOf, postNotification } from './live-test-support.ts';
import type { LiveUpdatesOptions } from './live-updates.ts';
import { SseClient } from './sse-test-client.ts';

let kit: Kit;
let http: Awaited<ReturnType<typeof listen>>;
let stopWorker: (() => Promise<void>) | undefined;
const clients: SseClient[] = [];

async function setup(
  options: LiveUpdatesOptions & { startWorker?: boolean; marketplace?: KitOptions['marketplace'] } = {},
) {
  const { startWorker = true, marketplace, ...liveUpdates } = options;
  kit = await createKit({
    marketplace,
    bff: {
      liveUpdates: { sourceCheck: 'loopback', heartbeatMs: 100, worker: { pollMs: 20 }, ...liveUpdates },
    },
  });
  http = await listen(kit.bff.app);
  if (startWorker) {
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

async function seller(nickname: string) {
  const browser = kit.browser();
  await browser.signIn(nickname);
  const user = kit.user(nickname);
  return { browser, id: user.id, orders: await ordersOf(kit, user.id) };
}

async function stream(
  browser: { cookieHeader(): string } | null,
  query = '',
  headers: Record<string, string> = {},
) {
  const client = await SseClient.open(`${http.url}/bff/events${query}`, {
    ...(browser ? cookieOf(browser) : {}),
    ...headers,
  });
  clients.push(client);
  return client;
}

const events = (client: SseClient) => client.messages.map((m) => liveEventSchema.parse(JSON.parse(m.data)));

async function notify(body: unknown) {
  const res = await postNotification(http.url, body);
  expect(res.status).toBe(200);
  return notificationReceiptSchema.parse(await res.json());
}

async function expectRefused(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(errorBodySchema.parse(await res.json()).error).toBe(error);
}

describe('GET /bff/events', () => {
  it('answers 401 without a session, and 400 for an id that is not one', async () => {
    await setup();
    const anonymous = await stream(null);
    expect(anonymous.status).toBe(401);
    const palermo = await seller('TIENDA_PALERMO');
    expect((await stream(palermo.browser, '?after=abc')).status).toBe(400);
    expect((await stream(palermo.browser, '', { 'last-event-id': '-1' })).status).toBe(400);
  });

  it('holds at most ten streams per session: the eleventh is refused until one closes, other sessions unaffected', async () => {
    await setup();
    const palermo = await seller('TIENDA_PALERMO');
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
      const client = await stream(palermo.browser);
      expect(client.status).toBe(200);
      open.push(client);
    }
    const refused = await fetch(`${http.url}/bff/events`, { headers: cookieOf(palermo.browser) });
    await expectRefused(refused, 429, 'too_many_requests');
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    // Another session of the same seller has its own.
    const other = await seller('TIENDA_PALERMO');
    expect((await stream(other.browser)).status).toBe(200);
    // A tab that closes frees its place.
    await open[0]!.close();
    await expect
      .poll(async () => {
        const res = await fetch(`${http.url}/bff/events`, { headers: cookieOf(palermo.browser) });
        await res.body?.cancel();
        return res.status;
      })
      .toBe(200);
  });

  it('holds the ten when a session asks for many streams at once', async () => {
    await setup();
    const palermo = await seller('TIENDA_PALERMO');
    const asked = await Promise.all(
      Array.from({ length: 2 * MAX_STREAMS_PER_SESSION }, () => stream(palermo.browser)),
    );
    const statuses = asked.map((client) => client.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_STREAMS_PER_SESSION);
    expect(statuses.filter((status) => status === 429)).toHaveLength(MAX_STREAMS_PER_SESSION);
  });

  it('streams the events of the signed-in seller in the order the notifications arrived, with heartbeats', async () => {
    await setup();
    const palermo = await seller('TIENDA_PALERMO');
    const client = await stream(palermo.browser);
    expect(client.status).toBe(200);
    const orders = palermo.orders.slice(0, 5);
    const bodies = orders.map((id) => notificationBody(palermo.id, id));
    for (const body of bodies) expect(await notify(body)).toEqual({ status: 'queued' });
    await client.until((c) => c.messages.length === 5, 5_000, 'five events');
    const received = events(client);
    expect(received.map((e) => e.order.id)).toEqual(orders);
    expect(received.map((e) => e.notification_ids)).toEqual(bodies.map((b) => [b._id]));
    const ids = client.messages.map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(5);
    expect(received.map((e) => e.event_id)).toEqual(ids);
    expect(client.messages.every((m) => m.event === 'order_changed')).toBe(true);
    // The order comes from the platform, read with the seller's token: its seller is the seller.
    expect(received.every((e) => e.user_id === palermo.id && e.order.seller?.id === palermo.id)).toBe(true);
    await client.until((c) => c.comments.includes('heartbeat'), 2_000, 'a heartbeat');
    // The order was read with the seller's stored token; no token of anyone reaches the stream.
    expectNoTokens(
      kit,
      client.messages.map((m) => `${m.id} ${m.event} ${m.data}`),
    );
  });

  it('publishes a seller’s waiting rows from one claim in order; one the platform cannot answer holds the rest back', async () => {
    // The platform fails on one order for a while (fault injection in front of the real embedded marketplace).
    let unavailable: string | null = null;
    await setup({
      startWorker: false,
      marketplace: (embedded) => ({
        fetch: (request: Request) =>
          unavailable !== null && new URL(request.url).pathname === unavailable
            ? Promise.resolve(new Response('{}', { status: 503 }))
            : embedded.fetch(request),
      }),
    });
    const palermo = await seller('TIENDA_PALERMO');
    const client = await stream(palermo.browser);
    const orders = palermo.orders.slice(0, 5);
    for (const id of orders) await notify(notificationBody(palermo.id, id));
    unavailable = `/api/orders/${orders[2]}`;
    await kit.bff.liveUpdates.worker.drain();
    await client.until((c) => c.messages.length === 2, 5_000, 'two events');
    expect(events(client).map((e) => e.order.id)).toEqual(orders.slice(0, 2));
    const waiting = await kit.bffStore.db
      .selectFrom('bff_notification_queue')
      .select(['resource', 'claimed_by', 'tries', 'due_at'])
      .where('user_id', '=', palermo.id)
      .where('state', '=', 'pending')
      .orderBy('id')
      .execute();
    // The failed one waits for its retry; the two behind it were given back untouched.
    expect(waiting.map((r) => [r.resource, r.claimed_by, r.tries])).toEqual([
      [`/orders/${orders[2]}`, null, 1],
      [`/orders/${orders[3]}`, null, 0],
      [`/orders/${orders[4]}`, null, 0],
    ]);
    expect(await kit.bff.liveUpdates.worker.drain()).toBe(0);
    unavailable = null;
    kit.advance(Number(waiting[0]!.due_at) - kit.now());
    await kit.bff.liveUpdates.worker.drain();
    await client.until((c) => c.messages.length === 5, 5_000, 'five events');
    expect(events(client).map((e) => e.order.id)).toEqual(orders);
  });

  // PostgreSQL gives event ids as rows are inserted: the rows of one lane in transactions of their own could commit
  // in another order, and a stream that had seen the higher id would skip the lower one for good.
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    'settles a seller’s claimed rows in one transaction, so their event ids commit in order (PostgreSQL)',
    async () => {
      await setup({ startWorker: false });
      const palermo = await seller('TIENDA_PALERMO');
      const client = await stream(palermo.browser);
      const orders = palermo.orders.slice(0, 6);
      for (const id of orders) await notify(notificationBody(palermo.id, id));
      await kit.bff.liveUpdates.worker.drain();
      await client.until((c) => c.messages.length === 6, 5_000, 'six events');
      const rows = await sql<{ id: number; xmin: string }>`
        select id, xmin::text as xmin from bff_events where user_id = ${palermo.id} order by id
      `.execute(kit.bffStore.db);
      expect(rows.rows).toHaveLength(6);
      expect(new Set(rows.rows.map((r) => r.xmin)).size).toBe(1);
      expect(events(client).map((e) => e.order.id)).toEqual(orders);
    },
  );

  it('parks at once a notification the platform refuses (any 4xx), and the user’s later ones go on', async () => {
    // The platform refuses one order's read with a 400 (fault injection in front of the real embedded marketplace).
    let refused: string | null = null;
    await setup({
      startWorker: false,
      marketplace: (embedded) => ({
        fetch: (request: Request) =>
          refused !== null && new URL(request.url).pathname === refused
            ? Promise.resolve(
                new Response(
                  JSON.stringify({ message: 'no', error: 'bad_request', status: 400, cause: [] }),
                  {
                    status: 400,
                  },
                ),
              )
            : embedded.fetch(request),
      }),
    });
    const palermo = await seller('TIENDA_PALERMO');
    const client = await stream(palermo.browser);
    const orders = palermo.orders.slice(0, 3);
    for (const id of orders) await notify(notificationBody(palermo.id, id));
    refused = `/api/orders/${orders[0]}`;
    await kit.bff.liveUpdates.worker.drain();
    await client.until((c) => c.messages.length === 2, 5_000, 'two events');
    expect(events(client).map((e) => e.order.id)).toEqual(orders.slice(1));
    const parked = await kit.bffStore.db
      .selectFrom('bff_notification_queue')
      .select(['resource', 'state', 'park_reason', 'tries'])
      .where('user_id', '=', palermo.id)
      .where('state', '=', 'parked')
      .execute();
    expect(parked).toEqual([
      { resource: `/orders/${orders[0]}`, state: 'parked', park_reason: 'refused', tries: 1 },
    ]);
  });

  it('lists the notifications about one order for its own account only, repeats folded in', async () => {
    await setup({ startWorker: false });
    const palermo = await seller('TIENDA_PALERMO');
    const pinheiros = await seller('LOJA_PINHEIROS');
    const [order] = palermo.orders;
    const first = notificationBody(palermo.id, order!);
    await notify(first);
    await notify({ ...first, _id: `${first._id}-again` });
    const list = (browser: { cookieHeader(): string } | null, id = String(order)) =>
      fetch(`${http.url}/bff/orders/${id}/notifications`, { headers: browser ? cookieOf(browser) : {} });
    const mine = orderNotificationListSchema.parse(await (await list(palermo.browser)).json());
    expect(mine.notifications).toHaveLength(1);
    expect(mine.notifications[0]).toMatchObject({ topic: first.topic, state: 'pending' });
    expect(mine.notifications[0]!.notification_ids).toEqual([first._id, `${first._id}-again`]);
    const theirs = orderNotificationListSchema.parse(await (await list(pinheiros.browser)).json());
    expect(theirs.notifications).toEqual([]);
    await expectRefused(await list(null), 401, 'not_identified_user');
    await expectRefused(await list(palermo.browser, 'abc'), 400, 'invalid_order_id');
  });

  it('resumes after Last-Event-ID on a reconnect, and from ?after= on a first connection', async () => {
    await setup();
    const palermo = await seller('TIENDA_PALERMO');
    const first = await stream(palermo.browser);
    for (const id of palermo.orders.slice(0, 2)) await notify(notificationBody(palermo.id, id));
    await first.until((c) => c.messages.length === 2);
    const lastId = first.messages[1]!.id;
    await first.close();

    // While the browser is away.
    const missed = palermo.orders.slice(2, 5);
    for (const id of missed) await notify(notificationBody(palermo.id, id));
    await kit.bff.liveUpdates.worker.drain();

    const again = await stream(palermo.browser, '', { 'last-event-id': lastId });
    await again.until((c) => c.messages.length === 3);
    expect(events(again).map((e) => e.order.id)).toEqual(missed);
    expect(Number(again.messages[0]!.id)).toBeGreaterThan(Number(lastId));

    const fromStart = await stream(palermo.browser, '?after=0');
    await fromStart.until((c) => c.messages.length === 5);
    expect(events(fromStart).map((e) => e.order.id)).toEqual(palermo.orders.slice(0, 5));

    // Without either, a first connection starts from now.
    const fresh = await stream(palermo.browser);
    await fresh.until((c) => c.comments.length > 0);
    expect(fresh.messages).toEqual([]);
  });

  it('keeps two signed-in sellers apart: each sees only their own events', async () => {
    await setup();
    const palermo = await seller('TIENDA_PALERMO');
    const pinheiros = await seller('LOJA_PINHEIROS');
    const a = await stream(palermo.browser, '?after=0');
    const b = await stream(pinheiros.browser, '?after=0');
    for (let i = 0; i < 3; i++) {
      await notify(notificationBody(palermo.id, palermo.orders[i]!));
      await notify(notificationBody(pinheiros.id, pinheiros.orders[i]!));
    }
    await a.until((c) => c.messages.length === 3);
    await b.until((c) => c.messages.length === 3);
    expect(events(a).every((e) => e.user_id === palermo.id)).toBe(true);
    expect(events(b).every((e) => e.user_id === pinheiros.id)).toBe(true);
    expect(events(a).map((e) => e.order.id)).toEqual(palermo.orders.slice(0, 3));
    expect(events(b).map((e) => e.order.id)).toEqual(pinheiros.orders.slice(0, 3));

    // Another account's event id does not open that account's history: the stream starts from now.
    const foreign = b.messages[0]!.id;
    const probe = await stream(palermo.browser, '', { 'last-event-id': foreign });
    await probe.until((c) => c.comments.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(probe.messages).toEqual([]);
  });

  it('is closed by logout and by switching accounts', async () => {
    await setup();
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    await browser.signIn('LOJA_PINHEIROS');
    const client = await stream(browser);
    await client.until((c) => c.comments.length > 0);
    const palermo = kit.user('TIENDA_PALERMO');
    expect((await browser.write(`/bff/accounts/${palermo.id}/activate`)).status).toBe(200);
    await client.until((c) => c.ended, 2_000, 'the stream to end on a switch');

    const again = await stream(browser);
    expect(again.status).toBe(200);
    const [order] = await ordersOf(kit, palermo.id, 1);
    await notify(notificationBody(palermo.id, order!));
    await again.until((c) => c.messages.length === 1);
    expect((await browser.write('/bff/logout')).status).toBe(204);
    await again.until((c) => c.ended, 2_000, 'the stream to end on logout');
  });
});

describe('POST /bff/notifications', () => {
  it('folds duplicates: a repeated _id, and repeats about one order while it waits', async () => {
    await setup({ startWorker: false });
    const palermo = await seller('TIENDA_PALERMO');
    const [x, y] = palermo.orders;
    const first = notificationBody(palermo.id, x!);
    expect(await notify(first)).toEqual({ status: 'queued' });
    expect(await notify(first)).toEqual({ status: 'duplicate' });
    expect(await notify({ ...first, attempts: 2 })).toEqual({ status: 'duplicate' });
    // A second change of the same order while the first waits: one read of the order answers both.
    const second = notificationBody(palermo.id, x!);
    expect(await notify(second)).toEqual({ status: 'queued' });
    // A feedback change of the same order is another topic: its own event.
    const feedback = notificationBody(palermo.id, x!, { topic: 'orders_feedback' });
    await notify(feedback);
    await notify(notificationBody(palermo.id, y!));
    expect((await kit.bff.liveUpdates.queue.summary()).pending).toBe(3);

    const client = await stream(palermo.browser, '?after=0');
    await kit.bff.liveUpdates.worker.drain();
    await client.until((c) => c.messages.length === 3);
    const received = events(client);
    expect(received.map((e) => [e.order.id, e.topic, e.notification_ids])).toEqual([
      [x, 'orders_v2', [first._id, second._id]],
      [x, 'orders_feedback', [feedback._id]],
      [y, 'orders_v2', [expect.any(String)]],
    ]);
    // Once taken, the same _id is still a duplicate and publishes nothing more.
    expect(await notify(first)).toEqual({ status: 'duplicate' });
    expect(await kit.bff.liveUpdates.worker.drain()).toBe(0);
  });

  it('refuses malformed and forged bodies with the error body and queues nothing', async () => {
    await setup({ startWorker: false });
    const palermo = await seller('TIENDA_PALERMO');
    const good = notificationBody(palermo.id, palermo.orders[0]!);
    const post = (body: unknown, headers?: Record<string, string>) =>
      postNotification(http.url, body, headers);
    await expectRefused(await post('{"resource": '), 400, 'bad_request');
    await expectRefused(
      await post(JSON.stringify(good), { 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    );
    await expectRefused(await post({ ...good, resource: '/users/1' }), 400, 'bad_request');
    await expectRefused(await post({ ...good, resource: '/orders/1/../../users/me' }), 400, 'bad_request');
    // Ids the marketplace would refuse: zero, a leading zero, past the safe integers.
    await expectRefused(await post({ ...good, resource: '/orders/0' }), 400, 'bad_request');
    await expectRefused(await post({ ...good, resource: '/orders/0123' }), 400, 'bad_request');
    await expectRefused(await post({ ...good, resource: '/orders/9007199254740993' }), 400, 'bad_request');
    await expectRefused(await post({ ...good, user_id: '1 OR 1=1' }), 400, 'bad_request');
    await expectRefused(await post({ ...good, topic: 'items' }), 400, 'bad_request');
    await expectRefused(await post({ ...good, _id: 'x'.repeat(500) }), 400, 'bad_request');
    await expectRefused(await post({ ...good, received: 'yesterday' }), 400, 'bad_request');
    await expectRefused(await post([good]), 400, 'bad_request');
    // Another application's notification.
    await expectRefused(await post({ ...good, application_id: 1234 }), 403, 'forbidden');
    await expectRefused(await post({ ...good, filler: 'x'.repeat(20_000) }), 413, 'payload_too_large');
    const summary = await kit.bff.liveUpdates.queue.summary();
    expect(summary).toEqual({ pending: 0, done: 0, parked: [] });
  });

  it('takes notifications only from the platform’s addresses (and the loopback in local use)', async () => {
    await setup({ startWorker: false, sourceCheck: 'loopback' });
    const palermo = kit.user('TIENDA_PALERMO');
    const body = (id: string) => JSON.stringify(notificationBody(palermo.id, 2000008000000001, { _id: id }));
    const send = (address: string, id: string) =>
      kit.bff.app.request(
        '/bff/notifications',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(id) },
        connection(address),
      );
    await expectRefused(await send('203.0.113.9', 'a'), 403, 'forbidden');
    await expectRefused(await send('::ffff:198.51.100.2', 'b'), 403, 'forbidden');
    expect((await send('54.88.218.97', 'c')).status).toBe(200);
    expect((await send('::ffff:35.186.182.146', 'd')).status).toBe(200);
    expect((await send('127.0.0.1', 'e')).status).toBe(200);
    expect((await kit.bff.liveUpdates.queue.summary()).pending).toBe(1);

    await http.close();
    await setup({ startWorker: false, sourceCheck: 'platform' });
    // Over real HTTP from this machine: not the platform.
    await expectRefused(
      await postNotification(http.url, notificationBody(palermo.id, 2000008000000001)),
      403,
      'forbidden',
    );
    expect((await kit.bff.liveUpdates.queue.summary()).pending).toBe(0);
  });

  it('parks a notification for a user it holds no token of, and one for an order that is not theirs', async () => {
    await setup({ startWorker: false });
    const palermo = await seller('TIENDA_PALERMO');
    const coyoacan = kit.user('BAZAR_COYOACAN');
    const [theirs] = await ordersOf(kit, coyoacan.id, 1);
    await notify(notificationBody(coyoacan.id, theirs!));
    // The body says the order is Palermo's; the platform, asked with Palermo's token, says otherwise.
    await notify(notificationBody(palermo.id, theirs!));
    await notify(notificationBody(palermo.id, 2000009999999999));
    const client = await stream(palermo.browser, '?after=0');
    await kit.bff.liveUpdates.worker.drain();
    const summary = await kit.bff.liveUpdates.queue.summary();
    expect(summary.parked.map((p) => p.reason)).toEqual([
      'no_stored_token',
      'not_owned_order',
      'order_not_found',
    ]);
    await client.until((c) => c.comments.length > 0);
    expect(client.messages).toEqual([]);
  });
});

describe('SSE framing', () => {
  it('lets nothing from a notification add an SSE field: CR, LF and U+2028 stay inside the JSON line', async () => {
    await setup();
    const palermo = await seller('TIENDA_PALERMO');
    const client = await stream(palermo.browser);
    const hostile = 'x\r\nevent: forged\r\rid: 999999\n\ndata: {"type":"forged"}\u2028retry: 1\u2029\u0085:';
    await notify(notificationBody(palermo.id, palermo.orders[0]!, { _id: hostile }));
    await notify(notificationBody(palermo.id, palermo.orders[1]!));
    await client.until((c) => c.messages.length === 2);
    expect(client.fields.map(([name]) => name)).toEqual([
      'retry',
      'id',
      'event',
      'data',
      'id',
      'event',
      'data',
    ]);
    expect(client.messages.map((m) => m.event)).toEqual(['order_changed', 'order_changed']);
    const [first] = events(client);
    expect(first!.notification_ids).toEqual([hostile]);
    const raw = client.messages[0]!.data;
    expect(raw).not.toMatch(/[\r\n\u2028\u2029\u0085]/);
  });
});
