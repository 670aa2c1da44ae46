import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { databaseExists } from '@mostrador/server-kit/store';
import { Hono } from 'hono';
import { createMarketplaceApi } from '../src/app.ts';
import { openStore, type Store } from '../src/db/store.ts';
import { createTokenRepository } from '../src/oauth/token-repository.ts';
import { DEMO_APPLICATION_ID } from '../src/seed/generate.ts';
import { createSeedRepository } from '../src/seed/seed-repository.ts';
import { startPgCluster } from './pg-cluster.ts';

/**
 * npm run bench [-- --store sqlite|postgres|both --orders 1000000 --duration 10 --rounds 3 --pg-url postgres://…/db]
 * Seeds (or reuses) a database per store, serves the marketplace API and, on the same server, bare Hono endpoints
 * that return a constant body of the same size as each measured answer: the physical limit of this server on this
 * machine. Each pair runs back to back at 50 connections from a separate process, `--rounds` times, alternating which
 * goes first; ratios are taken within one run, and the median round is reported with every round's ratio.
 * With both stores, the same figures are printed side by side. PostgreSQL without `--pg-url` (or BENCH_DATABASE_URL)
 * runs on a throwaway cluster of this machine's server, seeded afresh and timed.
 */
const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
const orders = Number(args.get('orders') ?? 1_000_000);
const duration = Number(args.get('duration') ?? 10);
const connections = Number(args.get('connections') ?? 50);
const rounds = Number(args.get('rounds') ?? 3);
const storeArg = args.get('store') ?? 'sqlite';
/** `--cases order,typical,largest` runs some of the cases only (profiling one of them). */
const only = args.get('cases')?.split(',');
if (!['sqlite', 'postgres', 'both'].includes(storeArg)) {
  process.stderr.write('bench: --store must be sqlite, postgres or both\n');
  process.exit(2);
}
const kinds = (storeArg === 'both' ? ['sqlite', 'postgres'] : [storeArg]) as ('sqlite' | 'postgres')[];

/** Seeds with the seed command in a child process (as a user would), timed. */
function seed(target: string): number {
  process.stderr.write(`bench: seeding ${orders} orders into ${target.replace(/\/\/[^@]*@/, '//')}\n`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      '--max-semi-space-size=64',
      '--import',
      'tsx',
      'packages/marketplace-api/src/seed/cli.ts',
      '--db',
      target,
      '--orders',
      String(orders),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error('the seed failed');
  return (performance.now() - started) / 1000;
}

interface Figures {
  seed: string;
  rows: { name: string; cells: string[] }[];
}

async function benchStore(store: Store, seedNote: string): Promise<Figures> {
  const db = store.db;
  const tokens = createTokenRepository(db);
  const userByNick = async (nickname: string) =>
    Number(
      (await db.selectFrom('users').select('id').where('nickname', '=', nickname).executeTakeFirstOrThrow())
        .id,
    );
  const largest = await userByNick('TIENDA_PALERMO');
  const typical = await userByNick('LOJA_PINHEIROS');
  const tokenFor = async (id: number) => (await tokens.issue(DEMO_APPLICATION_ID, id, new Date())).token;
  const largestToken = await tokenFor(largest);
  const typicalToken = await tokenFor(typical);
  const orderIds = (
    await db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', largest)
      .orderBy('date_created', 'desc')
      .limit(2000)
      .execute()
  ).map((r) => Number(r.id));
  const counted = async (seller: number) =>
    Number(
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('seller_id', '=', seller)
          .where('status', '=', 'paid')
          .executeTakeFirstOrThrow()
      ).n,
    );

  const api = createMarketplaceApi({ store, basePath: '/api' });
  const app = new Hono();
  const sample = async (path: string, token: string) => {
    const res = await api.request(path, {
      headers: { authorization: `Bearer ${token}`, 'x-format-new': 'true' },
    });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return res.text();
  };
  const searchQuery = (seller: number) =>
    `/api/orders/search?seller=${seller}&order.status=paid&sort=date_desc&limit=50`;
  const bodies = {
    order: await sample(`/api/orders/${orderIds[0]}`, largestToken),
    typical: await sample(searchQuery(typical), typicalToken),
    largest: await sample(searchQuery(largest), largestToken),
  };
  const json = { 'content-type': 'application/json; charset=UTF-8' };
  app.get('/bare/order/:id', (c) => c.body(bodies.order, 200, json));
  app.get('/bare/typical', (c) => c.body(bodies.typical, 200, json));
  app.get('/bare/largest', (c) => c.body(bodies.largest, 200, json));
  app.route('/', api);

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  interface Load {
    requests: number;
    p50: number;
    p99: number;
    non2xx: number;
    errors: number;
    bytes: number;
    total: number;
    /** This server's CPU time (all its threads, user and system) per request answered, in microseconds. */
    cpuPerRequest: number;
  }

  function load(paths: string[], token: string, seconds = duration) {
    // The load generator runs in its own process, started asynchronously so this server keeps serving.
    const cpu = process.cpuUsage();
    return new Promise<Load>((done, fail) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'packages/marketplace-api/bench/load.ts',
          JSON.stringify({
            url,
            paths,
            headers: { authorization: `Bearer ${token}`, 'x-format-new': 'true' },
            connections,
            duration: seconds,
          }),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.on('exit', (code) => {
        if (code !== 0) return fail(new Error(`load exited ${code}`));
        const used = process.cpuUsage(cpu);
        const result = JSON.parse(out) as Omit<Load, 'cpuPerRequest'>;
        done({ ...result, cpuPerRequest: (used.user + used.system) / Math.max(1, result.total) });
      });
    });
  }

  const cases = [
    {
      key: 'order',
      name: 'GET /orders/{id}',
      detail: `${orderIds.length} orders in turn`,
      paths: orderIds.map((id) => `/api/orders/${id}`),
      bare: orderIds.map((id) => `/bare/order/${id}`),
      token: largestToken,
      target: 0.6,
    },
    {
      key: 'typical',
      name: 'search, typical seller',
      detail: `${await counted(typical)} paid`,
      paths: [searchQuery(typical)],
      bare: ['/bare/typical'],
      token: typicalToken,
      target: 0.5,
    },
    {
      key: 'largest',
      name: 'search, largest seller',
      detail: `${await counted(largest)} paid`,
      paths: [searchQuery(largest)],
      bare: ['/bare/largest'],
      token: largestToken,
      target: 0.5,
    },
  ];
  process.stderr.write(
    `bench (${store.dialect}): ${orders} orders, ${connections} connections, ${duration} s per run\n`,
  );
  const results: Figures['rows'] = [];
  for (const c of cases) {
    if (only && !only.includes(c.key)) continue;
    await load(c.paths, c.token, Math.min(duration, 3)); // warm-up: caches, JIT
    // Rounds alternate which of the pair goes first, so a machine that slows down or speeds up during the run
    // weighs on both alike.
    const pairs: { measured: Load; bare: Load; ratio: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      const first = await load(round % 2 === 0 ? c.paths : c.bare, c.token);
      const second = await load(round % 2 === 0 ? c.bare : c.paths, c.token);
      const [measured, bare] = round % 2 === 0 ? [first, second] : [second, first];
      if (measured.non2xx || measured.errors)
        throw new Error(`${c.name}: ${measured.non2xx} non-2xx, ${measured.errors} errors`);
      pairs.push({ measured, bare, ratio: measured.requests / bare.requests });
    }
    // The median round by ratio is the figure; every round's ratio and p99 (measured/bare) are printed beside it.
    const { measured, bare, ratio } = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds / 2)]!;
    const p99 = measured.p99;
    const row = {
      name: c.name,
      cells: [
        `${measured.requests.toFixed(0)} req/s, p50 ${measured.p50} ms, p99 ${p99} ms`,
        `bare ${bare.requests.toFixed(0)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`,
        `ratio ${ratio.toFixed(2)} (≥ ${c.target}: ${ratio >= c.target && p99 < 50 ? 'ok' : 'MISSED'}); ` +
          `rounds ${pairs.map((p) => `${p.ratio.toFixed(2)} (p99 ${p.measured.p99}/${p.bare.p99} ms)`).join(', ')}`,
        `server CPU ${measured.cpuPerRequest.toFixed(1)} µs/request, bare ${bare.cpuPerRequest.toFixed(1)} µs`,
        c.detail,
      ],
    };
    results.push(row);
    process.stderr.write(`${store.dialect}  ${row.name}: ${row.cells.join(' | ')}\n`);
  }
  server.close();
  return { seed: seedNote, rows: results };
}

async function openBenchStore(
  kind: 'sqlite' | 'postgres',
): Promise<{ store: Store; seedNote: string; stop(): void }> {
  if (kind === 'sqlite') {
    const file = resolve(args.get('db') ?? `data/bench-${orders}.db`);
    const seeded = existsSync(file) ? undefined : seed(file);
    const store = await openStore({ file });
    const recorded = seeded ?? (await createSeedRepository(store.db).seedSeconds());
    const note = seeded !== undefined ? 'seeded now' : 'reused';
    return {
      store,
      seedNote: `${recorded === undefined ? '?' : recorded.toFixed(1)} s (${note})`,
      stop() {},
    };
  }
  const given = args.get('pg-url') ?? process.env.BENCH_DATABASE_URL;
  const cluster = given ? undefined : startPgCluster();
  const url = given ?? cluster!.url;
  try {
    let seeded: number | undefined;
    let store: Store | undefined;
    if (await databaseExists(url)) {
      store = await openStore({ url });
      if ((await createSeedRepository(store.db).isEmpty()) || args.get('reseed') === 'true') {
        await store.close();
        store = undefined;
      }
    }
    if (!store) {
      seeded = seed(url);
      store = await openStore({ url });
    }
    const recorded = seeded ?? (await createSeedRepository(store.db).seedSeconds());
    const note = seeded !== undefined ? 'seeded now' : 'reused';
    return {
      store,
      seedNote: `${recorded === undefined ? '?' : recorded.toFixed(1)} s (${note})`,
      stop: () => cluster?.stop(),
    };
  } catch (error) {
    cluster?.stop();
    throw error;
  }
}

const figures = new Map<string, Figures>();
for (const kind of kinds) {
  const opened = await openBenchStore(kind);
  try {
    figures.set(kind, await benchStore(opened.store, opened.seedNote));
  } finally {
    await opened.store.close();
    opened.stop();
  }
}

// One table, a column per store.
const columns = [...figures.keys()];
const first = figures.get(columns[0]!)!;
const table: string[][] = [['', ...columns]];
table.push([`seed of ${orders.toLocaleString('en')} orders`, ...columns.map((k) => figures.get(k)!.seed)]);
first.rows.forEach((row, i) => {
  for (let cell = 0; cell < row.cells.length; cell++) {
    table.push([
      cell === 0 ? row.name : '',
      ...columns.map((k) => figures.get(k)!.rows[i]!.cells[cell] ?? ''),
    ]);
  }
});
const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => (r[c] ?? '').length)));
process.stdout.write(
  `\n${table
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join('  |  ')
        .trimEnd(),
    )
    .join('\n')}\n`,
);
