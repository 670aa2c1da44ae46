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
 * `-- --clients N --rate R --seconds S` to change; `-- --phases receiver` (or `pipeline`) runs one phase alone.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureDemoData, openStore } from '@mostrador/marketplace-api';
import { sql } from 'kysely';
import { cpuMs, freePort } from './process-stats.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '100' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '30' },
    orders: { type: 'string', default: '5000' },
    phases: { type: 'string', default: 'receiver,pipeline' },
  },
});
const CLIENTS = Number(values.clients);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const PHASES = new Set(values.phases.split(','));
const log = (line: string) => process.stderr.write(`${line}\n`);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Spec 6.3's 500 ms for any answer, and the targets of the live path (decision 0242). */
const GOALS = { answerP99: 50, answerMax: 500, eventP99: 100, rateShare: 0.95 };
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const tail = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
};

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms · p99 ${percentile(sorted, 99).toFixed(1)} ms · max ${sorted.at(-1)?.toFixed(1)} ms (n = ${sorted.length})`;
};

const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-events-'));
const file = join(dir, 'mostrador.db');
let child: ChildProcess | undefined;
let clients: ChildProcess | undefined;

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

  // The browsers, in a process of their own (`event-clients.ts`).
  type Phase = { delays: number[]; deliveries: number };
  const browsers = fork(fileURLToPath(new URL('./event-clients.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_EVENT_CLIENTS: JSON.stringify({ url, cookies }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  clients = browsers;
  const nextMessage = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if ('error' in message) reject(new Error(String(message.error)));
        else if (key in message) {
          browsers.off('message', onMessage);
          resolve(message[key] as T);
        }
      };
      browsers.on('message', onMessage);
      browsers.once('exit', () => reject(new Error('the event clients ended')));
    });
  await nextMessage('ready');
  const startPhase = (name: string) => browsers.send({ phase: name });
  const seenIn = async (name: string): Promise<Phase> => {
    const report = nextMessage<Record<string, Phase>>('report');
    browsers.send({ report: true });
    return (await report)[name] ?? { delays: [], deliveries: 0 };
  };

  const lines: string[] = [];
  if (PHASES.has('receiver')) lines.push(...(await receiverPhase()));
  if (PHASES.has('pipeline')) lines.push(...(await pipelinePhase()));
  browsers.send({ stop: true });
  process.stdout.write(`${lines.join('\n')}\n`);

  /** Phase 1: this process posts notifications straight to the receiver, as the platform's senders would. */
  async function receiverPhase(): Promise<string[]> {
    const server = child!;
    log(`${CLIENTS} event streams open; posting ${RATE} notifications per second for ${SECONDS} s…`);
    startPhase('receiver');
    const answers: number[] = [];
    let refused = 0;
    const posts: Promise<void>[] = [];
    const phaseStart = performance.now();
    const receiverCpuFrom = cpuMs(server.pid);
    let sent = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const due = Math.floor(((performance.now() - phaseStart) / 1000) * RATE);
        while (sent < due && sent < RATE * SECONDS) {
          const seller = sellers[sent % sellers.length]!;
          const orders = ordersBySeller.get(seller.id)!;
          const order = orders[Math.floor(Math.random() * orders.length)]!;
          const id = `bench-${sent}-${Date.now()}`;
          const now = new Date().toISOString();
          sent++;
          const started = performance.now();
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
    const receiverCpu = cpuMs(server.pid) - receiverCpuFrom;
    const receiver = await seenIn('receiver');
    return [
      `1. Receiver: ${sent} notifications posted at ${RATE}/s over ${receiverSeconds.toFixed(1)} s, ${refused} not answered 200; ${CLIENTS} streams`,
      `   200 answer:                       ${summary(answers)}`,
      `   post → event at a client:          ${summary(receiver.delays)} (${receiver.deliveries} deliveries)`,
      `   server CPU per notification:       ${(receiverCpu / sent).toFixed(2)} ms`,
      `   goals: answer p99 < ${GOALS.answerP99} ms ${met(refused === 0 && tail(answers).p99 < GOALS.answerP99)}, max ≤ ${GOALS.answerMax} ms ${met(refused === 0 && tail(answers).max <= GOALS.answerMax)}, post → event p99 < ${GOALS.eventP99} ms ${met(tail(receiver.delays).p99 < GOALS.eventP99)}`,
    ];
  }

  /** Phase 2: the simulator changes orders inside the server and its dispatcher delivers the notifications. */
  async function pipelinePhase(): Promise<string[]> {
    const server = child!;
    log(`Simulating ${RATE} changes per second for ${SECONDS} s…`);
    startPhase('pipeline');
    const from = Date.now();
    const pipelineCpuFrom = cpuMs(server.pid);
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
    const pipelineCpu = cpuMs(server.pid) - pipelineCpuFrom;
    const pipeline = await seenIn('pipeline');

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
    const made = Number(changes.rows[0]?.n ?? 0);
    const notificationRate = made / ((until - from) / 1000);
    return [
      `2. End to end: ${made} notifications from ${((until - from) / 1000).toFixed(1)} s of changes (${notificationRate.toFixed(0)}/s); ${attempts.rows.length} delivered in the window, ${failed} failed`,
      `   200 answer (dispatcher's timing):  ${summary(ok)}`,
      `   change → event at a client:        ${summary(pipeline.delays)} (${pipeline.deliveries} deliveries)`,
      `   server CPU per change:             ${(pipelineCpu / Math.max(1, made)).toFixed(2)} ms`,
      `   goals: ${RATE}/s asked, ${notificationRate.toFixed(0)}/s made ${met(notificationRate >= GOALS.rateShare * RATE)}, every answer ≤ ${GOALS.answerMax} ms ${met(failed === 0 && tail(ok).max <= GOALS.answerMax)}, change → event p99 < ${GOALS.eventP99} ms ${met(tail(pipeline.delays).p99 < GOALS.eventP99)}`,
    ];
  }
} finally {
  clients?.kill();
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
