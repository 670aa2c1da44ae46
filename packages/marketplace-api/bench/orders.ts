import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createMarketplaceApi } from '../src/app.ts';
import { openStore } from '../src/db/store.ts';
import { createTokenRepository } from '../src/repositories/token-repository.ts';
import { DEMO_APPLICATION_ID } from '../src/seed/generate.ts';

/**
 * npm run bench [-- --orders 1000000 --duration 10]
 * Seeds (or reuses) a database, serves the marketplace API and, on the same server, bare Hono endpoints that return
 * a constant body of the same size as each measured answer: the physical limit of this server on this machine.
 * Each pair runs back to back at 50 connections from a separate process; ratios are taken within one run.
 */
const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
const orders = Number(args.get('orders') ?? 1_000_000);
const duration = Number(args.get('duration') ?? 10);
const connections = Number(args.get('connections') ?? 50);
const file = resolve(args.get('db') ?? `data/bench-${orders}.db`);

if (!existsSync(file)) {
  process.stderr.write(`bench: seeding ${orders} orders into ${file}\n`);
  const seed = spawnSync(
    process.execPath,
    [
      '--max-semi-space-size=64',
      '--import',
      'tsx',
      'packages/marketplace-api/src/seed/cli.ts',
      '--db',
      file,
      '--orders',
      String(orders),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (seed.status !== 0) process.exit(1);
}

const store = await openStore({ file });
const db = store.db;
const tokens = createTokenRepository(db);
const userByNick = async (nickname: string) =>
  Number(
    (await db.selectFrom('users').select('id').where('nickname', '=', nickname).executeTakeFirstOrThrow()).id,
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

function load(paths: string[], token: string) {
  // The load generator runs in its own process, started asynchronously so this server keeps serving.
  return new Promise<{
    requests: number;
    p50: number;
    p99: number;
    non2xx: number;
    errors: number;
    bytes: number;
  }>((done, fail) => {
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
          duration,
        }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => (code === 0 ? done(JSON.parse(out)) : fail(new Error(`load exited ${code}`))));
  });
}

const cases = [
  {
    name: 'GET /orders/{id}',
    paths: orderIds.map((id) => `/api/orders/${id}`),
    bare: orderIds.map((id) => `/bare/order/${id}`),
    token: largestToken,
    target: 0.6,
  },
  {
    name: `search, typical seller (${await counted(typical)} paid)`,
    paths: [searchQuery(typical)],
    bare: ['/bare/typical'],
    token: typicalToken,
    target: 0.5,
  },
  {
    name: `search, largest seller (${await counted(largest)} paid)`,
    paths: [searchQuery(largest)],
    bare: ['/bare/largest'],
    token: largestToken,
    target: 0.5,
  },
];
process.stderr.write(`bench: ${orders} orders, ${connections} connections, ${duration} s per run\n`);
const rows: string[] = [];
for (const c of cases) {
  await load(c.paths.slice(0, 50), c.token); // warm-up: caches, JIT
  const measured = await load(c.paths, c.token);
  const bare = await load(c.bare, c.token);
  if (measured.non2xx || measured.errors)
    throw new Error(`${c.name}: ${measured.non2xx} non-2xx, ${measured.errors} errors`);
  const ratio = measured.requests / bare.requests;
  rows.push(
    [
      c.name.padEnd(40),
      `${measured.requests.toFixed(0).padStart(7)} req/s`,
      `p50 ${String(measured.p50).padStart(3)} ms`,
      `p99 ${String(measured.p99).padStart(3)} ms`,
      `| bare ${bare.requests.toFixed(0).padStart(7)} req/s p99 ${String(bare.p99).padStart(3)} ms`,
      `| ratio ${ratio.toFixed(2)} (target ≥ ${c.target}) ${ratio >= c.target && measured.p99 < 50 ? 'ok' : 'MISSED'}`,
    ].join('  '),
  );
  process.stderr.write(`${rows[rows.length - 1]}\n`);
}
process.stdout.write(`\n${rows.join('\n')}\n`);
server.close();
await store.close();
