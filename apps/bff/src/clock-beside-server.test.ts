import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { clockStatusSchema, feedbackSchema, orderSearchEnvelopeSchema } from '@mostrador/contracts';
import {
  DEMO_APPLICATION_ID,
  demoAccessToken,
  openStore,
  type Store,
  setApplicationCallback,
} from '@mostrador/marketplace-api';
import {
  createTestDatabase,
  dropTestDatabase,
  testDatabaseUrl,
} from '@mostrador/marketplace-api/test-support';
import { generateKeyring, parseKeyring } from '@mostrador/server-kit/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, signInSession, startServerProcess } from './server-process.ts';

/**
 * The test clock of issue "for integrators": `npm run clock` moves the clock of a running server (a process of its
 * own), and what time would have done happens — on a SQLite file, and on PostgreSQL with `TEST_DATABASE_URL`.
 */
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DAY = 86_400_000;

interface StoreCase {
  name: string;
  /** The variables `npm start` and the commands read to find the store. */
  env(): Promise<Record<string, string>>;
  open(env: Record<string, string>): Promise<Store>;
  drop(): Promise<void>;
}

const sqlite = (): StoreCase => {
  const folder = mkdtempSync(join(tmpdir(), 'mostrador-clock-'));
  const file = join(folder, 'mostrador.db');
  return {
    name: 'a SQLite file',
    env: async () => ({ DATABASE_FILE: file }),
    open: () => openStore({ file }),
    drop: async () => {},
  };
};

const postgres = (): StoreCase => {
  let database: string | undefined;
  const keys = generateKeyring();
  return {
    name: 'PostgreSQL',
    async env() {
      const created = await createTestDatabase();
      database = created.database;
      return { DATABASE_URL: created.url, DATA_KEYS: keys.keys, DATA_INDEX_KEY: keys.indexKey };
    },
    open: (env) => openStore({ url: env.DATABASE_URL!, keyring: parseKeyring(keys.keys, keys.indexKey) }),
    drop: async () => {
      if (database) await dropTestDatabase(database);
    },
  };
};

const cases = [sqlite(), ...(testDatabaseUrl ? [postgres()] : [])];

describe.each(cases)('the test clock of a running server on $name', { timeout: 180_000 }, (store) => {
  let env: Record<string, string>;
  let server: ServerProcess;
  let origin: string;
  let db: Store;
  // A notification receiver of the test's own: it fails every attempt until told otherwise.
  const attempts: { resource: string; attempts: number }[] = [];
  let answerWith = 500;
  let receiver: Server;

  /** `npm run --silent clock -- …` (or another script) as an integrator types it, on the server's store. */
  function npm(script: string, args: string[], extra: Record<string, string> = {}) {
    const options = {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, ...extra },
    };
    return run('npm', ['run', '--silent', script, '--', ...args], options).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
  }

  async function clock(args: string[]) {
    const done = await npm('clock', args);
    expect(done.stderr).not.toMatch(/at .*\.ts:\d+/);
    expect(done.code, done.stderr).toBe(0);
    return JSON.parse(done.stdout) as { now: string; offset_ms: number; purged?: number; changed?: number };
  }

  const api = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${origin}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
  const token = async (nickname: string) => {
    const issued = await demoAccessToken(db, nickname);
    if (!issued.found) throw new Error(`no demo account ${nickname}`);
    return { id: issued.id, token: issued.access_token };
  };
  /** An order between two demo accounts that nobody has rated yet. */
  async function unratedOrder(sellerId: number, buyerId: number, skip = 0): Promise<number> {
    const row = await db.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', sellerId)
      .where('buyer_id', '=', buyerId)
      .where('feedback_status', '=', 'pending')
      .where('status', 'not in', ['cancelled', 'manually_cancelled', 'invalid'])
      .orderBy('date_created', 'desc')
      .offset(skip)
      .limit(1)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const parsed = JSON.parse(body) as { resource: string; attempts: number };
        attempts.push({ resource: parsed.resource, attempts: parsed.attempts });
        response.writeHead(answerWith).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    env = await store.env();
    server = startServerProcess({
      PORT: '0',
      DEMO_ORDERS: '300',
      SIGNIN_LIMIT_PER_15_MINUTES: '1000',
      ...env,
    });
    origin = await server.listening;
    db = await store.open(env);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await db?.close();
    await store.drop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('shows the time, and refuses outside local use and a time in the past', async () => {
    const shown = await clock(['show']);
    expect(shown.offset_ms).toBe(0);
    expect(Math.abs(Date.parse(shown.now) - Date.now())).toBeLessThan(60_000);

    const remote = await npm('clock', ['advance', '1d'], {
      MARKETPLACE_BASE_URL: 'http://127.0.0.1:9/',
      MARKETPLACE_CLIENT_SECRET: 's'.repeat(40),
    });
    expect(remote.code).toBe(1);
    expect(remote.stderr).toMatch(/that platform keeps its own time/);
    const past = await npm('clock', ['set', '2020-01-01T00:00:00Z']);
    expect(past.code).toBe(2);
    expect(past.stderr).toMatch(/only moves forward/);
    const bad = await npm('clock', ['advance', '15 days']);
    expect(bad.code).toBe(2);
    expect((await clock(['show'])).offset_ms).toBe(0);
  });

  it("runs the README's examples of the clock against the live server", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Time'));
    const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block).toContain('npm run --silent clock -- advance 7h');
    // Each curl's answer ends with a line of its own.
    const script = [
      'set -euo pipefail',
      'curl() { command curl --silent --show-error "$@"; echo; }',
      block!.replaceAll('http://127.0.0.1:3000', origin),
    ].join('\n');
    const orders = async () =>
      Number(
        (await db.db.selectFrom('orders').select(db.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
      );
    const ordersBefore = await orders();
    const { stdout } = await run('bash', ['-c', script], { cwd: ROOT, env: { ...process.env, ...env } });
    const lines = stdout.split('\n').filter(Boolean);
    expect(JSON.parse(lines[0]!)).toMatchObject({ offset_ms: 0 });
    // The seed's oldest orders are from the start of its day 364 days back: seven hours ahead of a time after 17:00
    // UTC is the next day, where the 12-month retention takes the first of them. The move counts what it purged.
    expect(JSON.parse(lines[1]!)).toMatchObject({
      offset_ms: 7 * 3_600_000,
      purged: ordersBefore - (await orders()),
    });
    expect(lines[2]).toBe('401');
    expect(JSON.parse(lines[3]!)).toMatchObject({ nickname: 'TIENDA_PALERMO' });
    expect(JSON.parse(lines[4]!)).toMatchObject({ offset_ms: 0 });

    // `set` moves it to a time ahead; the other tests move it on from there.
    const ahead = new Date(Date.now() + DAY).toISOString();
    const set = await clock(['set', ahead]);
    expect(Math.abs(Date.parse(set.now) - Date.parse(ahead))).toBeLessThan(1_000);
    expect(set.offset_ms).toBeGreaterThan(DAY - 60_000);
  });

  it('expires old tokens and refuses replies after 14 days', async () => {
    const seller = await token('TIENDA_PALERMO');
    const buyer = await token('COMPRADOR_BELGRANO');
    const orderId = await unratedOrder(seller.id, buyer.id);
    const given = await api(`/orders/${orderId}/feedback`, seller.token, {
      method: 'POST',
      body: JSON.stringify({ fulfilled: true, rating: 'positive' }),
    });
    expect(given.status).toBe(201);
    const feedback = feedbackSchema.parse(await given.json());

    const moved = await clock(['advance', '15d']);
    expect(moved.offset_ms).toBeGreaterThanOrEqual(15 * DAY);
    // The server answers at the new time at once: the six-hour tokens of a moment ago have expired.
    const expired = await api('/users/me', seller.token);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: string }).error).toBe('invalid_token');

    // A token issued now (`npm run token` issues at the marketplace's time) works, and the reply is late.
    const fresh = await npm('token', ['COMPRADOR_BELGRANO']);
    expect(fresh.stderr).toMatch(/valid for 6 hours/);
    const late = await api(`/feedback/${feedback.id}/reply`, fresh.stdout.trim(), {
      method: 'POST',
      body: JSON.stringify({ reply: 'Gracias' }),
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: 'reply_time_expired', status: 400 });
  });

  it('sends the notification retries that came due, and what the change would notify', async () => {
    await setApplicationCallback(
      db,
      DEMO_APPLICATION_ID,
      `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      {
        localUse: true,
      },
    );
    const seller = await token('TIENDA_PALERMO');
    const buyer = await token('COMPRADOR_BELGRANO');
    const orderId = await unratedOrder(seller.id, buyer.id);
    const given = await api(`/orders/${orderId}/feedback`, seller.token, {
      method: 'POST',
      body: JSON.stringify({ fulfilled: true, rating: 'positive' }),
    });
    expect(given.status).toBe(201);
    const resource = `/orders/${orderId}`;
    // The application's owner, signed in to the dashboard at the marketplace's time.
    const owner = await signInSession(origin);
    const sent = () => attempts.filter((a) => a.resource === resource).length;
    await expect.poll(sent, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

    // Each failure puts the next attempt further off (1 s, 2 s … a minute); moving the clock from the dashboard
    // makes each one due at once. The eighth attempt, a minute after the seventh, is answered.
    while (sent() < 8) {
      const before = sent();
      if (before === 7) answerWith = 200;
      const res = await fetch(`${origin}/bff/clock`, {
        method: 'POST',
        headers: {
          cookie: owner.cookie,
          origin,
          'x-requested-with': 'fetch',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ advance: '2min' }),
      });
      expect(res.status).toBe(200);
      expect(clockStatusSchema.parse(await res.json()).available).toBe(true);
      // Without the move the sixth to eighth attempts would come 32 and 60 s later.
      await expect.poll(sent, { timeout: 20_000 }).toBeGreaterThan(before);
    }
    expect(attempts.filter((a) => a.resource === resource).map((a) => a.attempts)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it("expires a pending payment and passes an order's expiration date, each change notified", async () => {
    // The receiver of the test before answers every attempt now.
    answerWith = 200;
    const seller = await token('TIENDA_PALERMO');
    let buyer = await token('COMPRADOR_BELGRANO');
    const item = await db.db
      .selectFrom('items')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('available_quantity', '>=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const created = await api('/orders', buyer.token, {
      method: 'POST',
      body: JSON.stringify({ seller_id: seller.id, items: [{ id: item.id, quantity: 1 }] }),
    });
    expect(created.status).toBe(201);
    const orderId = ((await created.json()) as { id: number }).id;
    const resource = `/orders/${orderId}`;
    const pay = async (body: object) => {
      const res = await api(`${resource}/payments`, buyer.token, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      return (await res.json()) as { status: string };
    };
    expect((await pay({ status: 'in_process' })).status).toBe('payment_in_process');
    const notified = () => attempts.filter((a) => a.resource === resource).length;
    await expect.poll(notified, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    /** The order as its seller's search answers it (payments in full), with a token issued at the clock's time. */
    const read = async () => {
      const fresh = await token('TIENDA_PALERMO');
      const res = await api(`/orders/search?seller=${seller.id}&sort=date_desc&limit=1`, fresh.token);
      expect(res.status).toBe(200);
      const found = orderSearchEnvelopeSchema.parse(await res.json()).results[0]!;
      expect(found.id).toBe(orderId);
      return found;
    };

    // Three days on, the payment nobody approved has ended and the order is back where it was: confirmed.
    let before = notified();
    const lapsed = await clock(['advance', '3d']);
    expect(lapsed.changed).toBeGreaterThanOrEqual(1);
    const afterLapse = await read();
    expect(afterLapse.status).toBe('confirmed');
    expect(afterLapse.payments[0]).toMatchObject({ status: 'cancelled', status_detail: 'expired' });
    await expect.poll(notified, { timeout: 20_000 }).toBeGreaterThan(before);

    // Paid, the money waits for the order's expiration date with a refund on offer; past it, it is released.
    buyer = await token('COMPRADOR_BELGRANO');
    expect((await pay({ status: 'approved' })).status).toBe('paid');
    const paid = await read();
    expect(paid.payments[1]).toMatchObject({ status: 'approved', available_actions: ['refund'] });
    before = notified();
    const passed = await clock(['set', new Date(Date.parse(paid.expiration_date) + 60_000).toISOString()]);
    expect(passed.changed).toBeGreaterThanOrEqual(1);
    const released = await read();
    expect(released.payments[1]).toMatchObject({ status: 'approved', available_actions: [] });
    expect(Date.parse(released.last_updated)).toBeGreaterThan(Date.parse(paid.last_updated));
    await expect.poll(notified, { timeout: 20_000 }).toBeGreaterThan(before);
  });

  it('purges the orders that pass the 12-month retention', async () => {
    const seller = await token('TIENDA_PALERMO');
    const search = async (t: string) => {
      const res = await api(`/orders/search?seller=${seller.id}&limit=1&sort=date_asc`, t);
      expect(res.status).toBe(200);
      return orderSearchEnvelopeSchema.parse(await res.json());
    };
    const before = await search(seller.token);
    expect(before.paging.total).toBeGreaterThan(0);
    const oldest = before.results[0]!.id;

    const moved = await clock(['advance', '13mo']);
    expect(moved.purged).toBeGreaterThan(0);
    const fresh = await token('TIENDA_PALERMO');
    expect((await api(`/orders/${oldest}`, fresh.token)).status).toBe(404);
    expect((await search(fresh.token)).paging.total).toBe(0);

    const reset = await clock(['reset']);
    expect(reset.offset_ms).toBe(0);
  });
});
