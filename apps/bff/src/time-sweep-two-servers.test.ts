import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Two servers on one PostgreSQL store, and `npm run clock` beside them: a move makes all three sweep what time did
 * to the orders at once (decision 0290), and each change is written and notified once.
 */
const run = testDatabaseUrl ? describe : describe.skip;
const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ORDERS = 120;

run('the time sweep of two servers on one PostgreSQL store', { timeout: 240_000 }, () => {
  let database: string;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];
  let db: Store;
  let receiver: Server;
  const received: string[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push((JSON.parse(body) as { resource: string }).resource);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const created = await createTestDatabase();
    database = created.database;
    const keys = generateKeyring();
    env = { DATABASE_URL: created.url, DATA_KEYS: keys.keys, DATA_INDEX_KEY: keys.indexKey };
    // The first seeds the store; the second starts on it once it is there.
    for (let i = 0; i < 2; i++) {
      const server = startServerProcess({ PORT: '0', DEMO_ORDERS: '100', ...env });
      servers.push(server);
      await server.listening;
    }
    db = await openStore({ url: created.url, keyring: parseKeyring(keys.keys, keys.indexKey) });
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await db?.close();
    if (database) await dropTestDatabase(database);
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('expires each pending payment once, notified once', async () => {
    await setApplicationCallback(
      db,
      DEMO_APPLICATION_ID,
      `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      { localUse: true },
    );
    const seller = await demoAccessToken(db, 'TIENDA_PALERMO');
    const buyer = await demoAccessToken(db, 'COMPRADOR_BELGRANO');
    if (!seller.found || !buyer.found) throw new Error('no demo accounts');
    const items = await db.db
      .selectFrom('items')
      .select(['id', 'available_quantity'])
      .where('seller_id', '=', seller.id)
      .where('available_quantity', '>=', 10)
      .execute();
    const origins = await Promise.all(servers.map((s) => s.listening));
    const ids: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      // Half through each server: each one's writes are on the store for all.
      const api = (path: string, body: object) =>
        fetch(`${origins[i % 2]}/api${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${buyer.access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const item = items[i % items.length]!;
      const order = await api('/orders', { seller_id: seller.id, items: [{ id: item.id, quantity: 1 }] });
      expect(order.status).toBe(201);
      const id = ((await order.json()) as { id: number }).id;
      expect((await api(`/orders/${id}/payments`, { status: 'pending' })).status).toBe(201);
      ids.push(id);
    }

    // The command sweeps, and each server hears the move and sweeps too; a second move sets all three on it again.
    for (const step of ['3d', '1min']) {
      const moved = await exec('npm', ['run', '--silent', 'clock', '--', 'advance', step], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      });
      expect(moved.stderr).not.toMatch(/Error/);
    }
    const rows = await db.db
      .selectFrom('orders')
      .select(['id', 'version', 'status', 'time_due'])
      .where('id', 'in', ids)
      .execute();
    // Created, paid pending, expired: three versions and three notifications, never a fourth.
    for (const row of rows) {
      expect(Number(row.version)).toBe(3);
      expect(row.status).toBe('confirmed');
    }
    const queued = await db.db
      .selectFrom('notification_outbox')
      .select(['resource', (eb) => eb.fn.countAll<string>().as('n')])
      .where(
        'resource',
        'in',
        ids.map((id) => `/orders/${id}`),
      )
      .groupBy('resource')
      .execute();
    expect(queued).toHaveLength(ORDERS);
    for (const q of queued) expect(Number(q.n)).toBe(3);
    const expected = ids.map((id) => `/orders/${id}`);
    const sent = () => received.filter((r) => expected.includes(r)).length;
    await expect.poll(sent, { timeout: 60_000 }).toBe(3 * ORDERS);
  });
});
