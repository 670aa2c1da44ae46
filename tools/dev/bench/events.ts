/**
 * `npm run bench:events`: the real server (`apps/bff/src/server.ts`, embedded marketplace, dispatcher) over a fresh
 * database, with 100 event-stream clients signed in as the three demo sellers. Two phases of 30 s each:
 *
 * 1. The receiver: this process posts 200 notifications per second (real orders of the sellers) straight to
 *    `/bff/notifications`, as the platform's senders would; p50/p99 of the 200 answer, and of the delay from the
 *    post to the event at a client.
 * 2. End to end: the simulator makes 200 order changes per second inside the server and its dispatcher delivers
 *    them; p50/p99 of the 200 answer as the dispatcher timed it, and of the delay from the marketplace's change
 *    (`changed_at`) to the event at a client.
 *
 * `-- --clients N --rate R --seconds S` to change.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { liveEventSchema } from '@mostrador/contracts';
import { ensureDemoData, openStore } from '@mostrador/marketplace-api';
import { sql } from 'kysely';
import { cpuMs, freePort } from './process-stats.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '100' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '30' },
    orders: { type: 'string', default: '5000' },
  },
});
const CLIENTS = Number(values.clients);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const log = (line: string) => process.stderr.write(`${line}\n`);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms · p99 ${percentile(sorted, 99).toFixed(1)} ms · max ${sorted.at(-1)?.toFixed(1)} ms (n = ${sorted.length})`;
};

const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-events-'));
const file = join(dir, 'mostrador.db');
let child: ChildProcess | undefined;
const aborts: AbortController[] = [];

try {
  log(`Seeding ${values.orders} orders…`);
  const store = await openStore({ file });
  const manifest = await ensureDemoData(store, { orders: Number(values.orders), seed: 1 });
  const sellers0 = manifest!.users.filter((u) =>
    ['TIENDA_PALERMO', 'LOJA_PINHEIROS', 'BAZAR_COYOACAN'].includes(u.nickname),
  );
  const ordersBySeller = new Map<number, number[]>();
  for (const seller of sellers0) {
    const rows = await sql<{ id: number }>`
      select id from orders where seller_id = ${seller.id} order by date_created desc limit 200
    `.execute(store.db);
    ordersBySeller.set(
      seller.id,
      rows.rows.map((r) => Number(r.id)),
    );
  }
  await store.close();
  const sellers = manifest!.users.filter((u) =>
    ['TIENDA_PALERMO', 'LOJA_PINHEIROS', 'BAZAR_COYOACAN'].includes(u.nickname),
  );

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS="--cpu-prof" profiles the server.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/bff/src/server.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_FILE: file,
      RATE_LIMIT_PER_MINUTE: '1000000',
      SIGNIN_LIMIT_PER_15_MINUTES: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let started = Date.now(); ; ) {
    try {
      if ((await fetch(`${url}/bff/health`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() - started > 60_000) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // Each client is its own browser session, as a seller.
  const cookies: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const seller = sellers[i % sellers.length]!;
    const res = await fetch(`${url}/bff/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', origin: url },
      body: JSON.stringify({ access_token: seller.access_token }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
    cookies.push(res.headers.getSetCookie()[0]!.split(';')[0]!);
  }

  type Phase = { delays: number[]; deliveries: number };
  let phase: Phase | null = null;
  const postedAt = new Map<string, number>();
  const streams = cookies.map(async (cookie) => {
    const abort = new AbortController();
    aborts.push(abort);
    const res = await fetch(`${url}/bff/events`, { headers: { cookie }, signal: abort.signal });
    if (res.status !== 200 || !res.body) throw new Error(`stream refused: ${res.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    let checked = false;
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const arrived = Date.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = message.split('\n').find((line) => line.startsWith('data: '));
          if (data && phase) {
            // The contract is checked once per stream; after that only what the timing needs is read, so that
            // this process, which shares the machine with the server, keeps its own work small.
            const raw = JSON.parse(data.slice(6)) as { notification_ids: string[]; changed_at: string };
            const event = checked ? raw : liveEventSchema.parse(raw);
            checked = true;
            // Phase 1: from the earliest post this event answers; phase 2: from the marketplace's change.
            const posted = event.notification_ids
              .map((id) => postedAt.get(id))
              .filter((t): t is number => t !== undefined);
            const from = posted.length > 0 ? Math.min(...posted) : Date.parse(event.changed_at);
            phase.delays.push(arrived - from);
            phase.deliveries++;
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted at the end.
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 500));

  log(`${CLIENTS} event streams open; posting ${RATE} notifications per second for ${SECONDS} s…`);
  const receiver: Phase = { delays: [], deliveries: 0 };
  phase = receiver;
  const answers: number[] = [];
  let refused = 0;
  const posts: Promise<void>[] = [];
  const phaseStart = performance.now();
  const receiverCpuFrom = cpuMs(child.pid);
  let sent = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((performance.now() - phaseStart) / 1000) * RATE);
      while (sent < due && sent < RATE * SECONDS) {
        const seller = sellers[sent % sellers.length]!;
        const orders = ordersBySeller.get(seller.id)!;
        const order = orders[Math.floor(Math.random() * orders.length)]!;
        const id = `bench-${sent}`;
        const now = new Date().toISOString();
        sent++;
        const started = performance.now();
        postedAt.set(id, Date.now());
        posts.push(
          fetch(`${url}/bff/notifications`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              _id: id,
              resource: `/orders/${order}`,
              user_id: seller.id,
              topic: 'orders_v2',
              application_id: 5503910054141466,
              attempts: 1,
              sent: now,
              received: now,
            }),
          }).then(
            async (res) => {
              await res.arrayBuffer();
              if (res.status === 200) answers.push(performance.now() - started);
              else refused++;
            },
            () => {
              refused++;
            },
          ),
        );
      }
      if (sent >= RATE * SECONDS) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  await Promise.all(posts);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const receiverSeconds = (performance.now() - phaseStart) / 1000 - 2;
  const receiverCpu = cpuMs(child.pid) - receiverCpuFrom;

  log(`Simulating ${RATE} changes per second for ${SECONDS} s…`);
  const pipeline: Phase = { delays: [], deliveries: 0 };
  phase = pipeline;
  const from = Date.now();
  const pipelineCpuFrom = cpuMs(child.pid);
  const start = await fetch(`${url}/bff/simulator`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'fetch',
      origin: url,
      cookie: cookies[0]!,
    },
    body: JSON.stringify({ rate: RATE }),
  });
  if (start.status !== 200)
    throw new Error(`the simulator did not start: ${start.status} ${await start.text()}`);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  await fetch(`${url}/bff/simulator`, {
    method: 'DELETE',
    headers: { 'x-requested-with': 'fetch', origin: url, cookie: cookies[0]! },
  });
  const until = Date.now();
  // Let what is in flight arrive.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const pipelineCpu = cpuMs(child.pid) - pipelineCpuFrom;
  phase = null;
  for (const abort of aborts) abort.abort();
  await Promise.allSettled(streams);

  const db = await openStore({ file });
  const attempts = await sql<{ ms: number; code: number | null }>`
    select response_time_ms as ms, http_code as code from notification_attempts where sent >= ${from} and sent <= ${until}
  `.execute(db.db);
  const changes = await sql<{ n: number }>`
    select count(*) as n from notification_outbox where received >= ${from} and received <= ${until}
  `.execute(db.db);
  await db.close();
  const ok = attempts.rows.filter((a) => a.code === 200).map((a) => Number(a.ms));
  const failed = attempts.rows.length - ok.length;

  const notificationRate = Number(changes.rows[0]?.n ?? 0) / ((until - from) / 1000);
  process.stdout.write(
    [
      `1. Receiver: ${sent} notifications posted at ${RATE}/s over ${receiverSeconds.toFixed(1)} s, ${refused} not answered 200; ${CLIENTS} streams`,
      `   200 answer:                       ${summary(answers)}`,
      `   post → event at a client:          ${summary(receiver.delays)} (${receiver.deliveries} deliveries)`,
      `   server CPU per notification:       ${(receiverCpu / sent).toFixed(2)} ms`,
      `2. End to end: ${changes.rows[0]?.n} notifications from ${((until - from) / 1000).toFixed(1)} s of changes (${notificationRate.toFixed(0)}/s); ${attempts.rows.length} delivered in the window, ${failed} failed`,
      `   200 answer (dispatcher's timing):  ${summary(ok)}`,
      `   change → event at a client:        ${summary(pipeline.delays)} (${pipeline.deliveries} deliveries)`,
      `   server CPU per change:             ${(pipelineCpu / Number(changes.rows[0]?.n ?? 1)).toFixed(2)} ms`,
      '',
    ].join('\n'),
  );
} finally {
  for (const abort of aborts) abort.abort();
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
