import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveEventSchema } from '@mostrador/contracts';
import { ensureDemoData, openStore } from '@mostrador/marketplace-api';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { notificationBody, postNotification } from './live-test-support.ts';
import { SseClient } from './sse-test-client.ts';

const dir = mkdtempSync(join(tmpdir(), 'mostrador-crash-'));
const file = join(dir, 'mostrador.db');
let child: ChildProcess | undefined;
let errors = '';

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server, as `npm start` runs it (without the SPA), over the database file. */
async function startServer(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/bff/src/server.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_FILE: file,
      DEMO_ORDERS: '100',
      RATE_LIMIT_PER_MINUTE: '100000',
      INVALID_REQUESTS_BEFORE_BLOCK: '0',
      // Rows the killed process held are taken over after this.
      NOTIFICATION_LEASE_MS: '1000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Read, or a full pipe would stall the server; kept for the failure message.
  proc.stderr?.on('data', (chunk) => {
    errors = (errors + String(chunk)).slice(-4000);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited early:\n${errors}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/bff/health`)).ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('every notification answered 200 before a SIGKILL reaches the seller’s event stream exactly once', async () => {
  // The demo data first, so the test knows a seller's token and orders.
  const store = await openStore({ file });
  const manifest = await ensureDemoData(store, { orders: 100, seed: 9 });
  const seller = manifest!.users.find((u) => u.nickname === 'TIENDA_PALERMO')!;
  const orders = (
    await sql<{
      id: number;
    }>`select id from orders where seller_id = ${seller.id} order by date_created desc limit 25`.execute(
      store.db,
    )
  ).rows.map((r) => Number(r.id));
  await store.close();

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  child = await startServer(port);
  const signIn = await fetch(`${url}/bff/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', origin: url },
    body: JSON.stringify({ access_token: seller.access_token }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;

  // A burst: 300 notifications, 24 at a time; the server is killed once 100 are acknowledged.
  const bodies = Array.from({ length: 300 }, (_, i) =>
    notificationBody(seller.id, orders[i % orders.length]!),
  );
  const acknowledged = new Set<string>();
  let next = 0;
  let killed = false;
  const sender = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      try {
        const res = await postNotification(url, body, {}, 2_000);
        if (res.status === 200) acknowledged.add(body._id);
        await res.body?.cancel();
      } catch {
        // Killed mid-request: no answer, so the platform will send it again.
      }
      if (!killed && acknowledged.size >= 100) {
        killed = true;
        child!.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 24 }, sender));
  expect(killed).toBe(true);
  // Killed by a signal, a process keeps a null exitCode: its signalCode says it is gone.
  if (child.exitCode === null && child.signalCode === null)
    await new Promise((resolve) => child!.once('exit', resolve));
  const beforeRestart = acknowledged.size;
  expect(beforeRestart).toBeGreaterThanOrEqual(100);
  expect(beforeRestart).toBeLessThan(300);

  // Restarted on the same database. The platform sends again everything it has no 200 for; some of those were
  // stored before the kill and only their answer was lost.
  child = await startServer(port);
  const resend = bodies.filter((body) => !acknowledged.has(body._id));
  await Promise.all(
    Array.from({ length: 24 }, async () => {
      for (let body = resend.shift(); body; body = resend.shift()) {
        const res = await postNotification(url, { ...body, attempts: 2 }, {}, 60_000);
        expect(res.status).toBe(200);
        await res.body?.cancel();
        acknowledged.add(body._id);
      }
    }),
  );

  const stream = await SseClient.open(`${url}/bff/events?after=0`, { cookie });
  expect(stream.status).toBe(200);
  const seen = () =>
    stream.messages.flatMap((m) => liveEventSchema.parse(JSON.parse(m.data)).notification_ids);
  await stream.until(() => seen().length >= acknowledged.size, 30_000, 'every acknowledged notification');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const ids = seen();
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  expect(new Set(ids)).toEqual(acknowledged);
  // Persisted ids, increasing.
  const eventIds = stream.messages.map((m) => Number(m.id));
  expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));
  await stream.close();
  child.kill('SIGTERM');
  await new Promise((resolve) => child!.once('exit', resolve));
}, 120_000);
