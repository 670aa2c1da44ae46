/**
 * `npm run bench [-- --store sqlite|postgres|both --orders 1000000 --duration 10 --rounds 3 --connections 50
 *   --cases order,legacy,typical,largest,buyer --db FILE --pg-url postgres://…/db --reseed true --cpu-prof DIR
 *   --accept-encoding 'br, gzip']`
 *
 * The marketplace API on the path its users take: the server is started as `npm start` starts it (the BFF's entry
 * point, its middleware, the embedded API at `/api`, the request log on and written to a file), over a seeded (or
 * reused) database per store. Beside it, in a process of its own, a bare Hono twin answers the same URLs with the
 * same bytes. Each case runs against both from a third process (autocannon, 50 connections), `--rounds` times,
 * alternating which goes first; the ratio is taken within a round, and the median round is reported with every
 * round's ratio (how noisy the machine was). The servers' CPU time per request comes from the kernel's accounting.
 * PostgreSQL without `--pg-url` (or BENCH_DATABASE_URL) runs on a throwaway cluster of this machine, seeded afresh.
 * `--cpu-prof DIR` writes the server's V8 CPU profile there when it stops. `--accept-encoding` sends that header as a
 * browser does, so the server compresses its answers (the twin never does: what compression costs is in the ratio).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '@mostrador/marketplace-api';
import { databaseExists } from '@mostrador/server-kit/store';
import { createBulkRepository } from '../seed/bulk-repository.ts';
import { prepareCases, type Request } from './cases.ts';
import { startPgCluster } from './pg-cluster.ts';
import { cpuMs, freePort } from './process-stats.ts';

const { values: args } = parseArgs({
  options: {
    store: { type: 'string', default: 'sqlite' },
    orders: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    cases: { type: 'string' },
    db: { type: 'string' },
    'pg-url': { type: 'string' },
    reseed: { type: 'string' },
    'cpu-prof': { type: 'string' },
    'accept-encoding': { type: 'string' },
  },
});
const orders = Number(args.orders);
const duration = Number(args.duration);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const only = args.cases?.split(',');
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
if (!['sqlite', 'postgres', 'both'].includes(args.store)) {
  log('--store must be sqlite, postgres or both');
  process.exit(2);
}
const kinds = (args.store === 'both' ? ['sqlite', 'postgres'] : [args.store]) as ('sqlite' | 'postgres')[];
const work = mkdtempSync(join(tmpdir(), 'mostrador-bench-'));

/** Seeds with the seed command in a child process, as a user would; the seconds it took. */
function seed(target: string): number {
  log(`seeding ${orders} orders into ${target.replace(/\/\/[^@]*@/, '//')}`);
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tools/dev/seed/cli.ts', '--db', target, '--orders', String(orders)],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error('the seed failed');
  return (performance.now() - started) / 1000;
}

/** A process's CPU time so far in microseconds. */
const cpuMicros = (pid: number) => cpuMs(pid) * 1000;

/** A child process whose stdout's first line is awaited (the twin prints its port). */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) done(out.slice(0, out.indexOf('\n')));
    });
    child.once('exit', (code) => fail(new Error(`exited with ${code} before it was ready`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** The server as `npm start` runs it, on its own port, its request log going to a file as a user's would. */
async function startServer(kind: 'sqlite' | 'postgres', target: string) {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The limit stays on and counts every request; only its ceiling is raised above the load generator's rate.
    RATE_LIMIT_PER_MINUTE: '1000000000',
    MARKETPLACE_BASE_URL: undefined,
    DATABASE_URL: kind === 'postgres' ? target : undefined,
    DATABASE_FILE: kind === 'sqlite' ? target : undefined,
  };
  const logFile = join(work, `server-${kind}.log`);
  // One profile per thread (the loader's too), named by process and thread.
  const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(args['cpu-prof'])] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/bff/src/server.ts'], {
    env,
    stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${origin}/bff/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, origin, logFile };
}

interface Load {
  requests: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The serving process's CPU time per request answered, in microseconds. */
  cpu: number;
}

function load(origin: string, pid: number, requests: Request[], seconds: number): Promise<Load> {
  const before = cpuMicros(pid);
  return new Promise<Load>((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'tools/dev/bench/load.ts',
        JSON.stringify({
          url: origin,
          requests,
          headers: args['accept-encoding'] ? { 'accept-encoding': args['accept-encoding'] } : {},
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
      if (code !== 0) return fail(new Error(`the load generator exited with ${code}`));
      const result = JSON.parse(out) as Omit<Load, 'cpu'>;
      done({ ...result, cpu: (cpuMicros(pid) - before) / Math.max(1, result.total) });
    });
  });
}

interface Row {
  name: string;
  cells: string[];
  met: boolean;
}

async function benchStore(
  kind: 'sqlite' | 'postgres',
): Promise<{ seed: string; rows: Row[]; logBytes: string }> {
  let seeded: number | undefined;
  let target: string;
  let cluster: { url: string; stop(): void } | undefined;
  if (kind === 'sqlite') {
    target = resolve(args.db ?? `data/bench-${orders}.db`);
    if (!existsSync(target) || args.reseed === 'true') seeded = seed(target);
  } else {
    const given = args['pg-url'] ?? process.env.BENCH_DATABASE_URL;
    cluster = given ? undefined : startPgCluster();
    target = given ?? cluster!.url;
  }
  const servers: ChildProcess[] = [];
  try {
    if (kind === 'postgres') {
      let empty = !(await databaseExists(target));
      if (!empty) {
        const probe = await openStore({ url: target });
        empty = (await probe.db.selectFrom('users').select('id').limit(1).execute()).length === 0;
        await probe.close();
      }
      if (empty || args.reseed === 'true') seeded = seed(target);
    }
    const store = await openStore(kind === 'sqlite' ? { file: target } : { url: target });
    const cases = await prepareCases(store, only);
    // What the store holds, which a reused one says rather than `--orders`.
    const held = Number(
      (
        await store.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const recorded = seeded ?? (await createBulkRepository(store.db).seedSeconds()) ?? Number.NaN;
    await store.close();

    const server = await startServer(kind, target);
    servers.push(server.child);
    // The twin answers each URL, in each form, with the server's own answer to it.
    const answers: Record<string, string> = {};
    for (const c of cases) {
      for (const r of c.requests) {
        const res = await fetch(`${server.origin}${r.path}`, {
          headers: { authorization: `Bearer ${r.token}`, ...(r.legacy ? {} : { 'x-format-new': 'true' }) },
        });
        if (res.status !== 200) throw new Error(`${r.path} answered ${res.status}: ${await res.text()}`);
        answers[`${r.legacy ? 'legacy' : 'new'} ${r.path}`] = Buffer.from(await res.arrayBuffer()).toString(
          'base64',
        );
      }
    }
    const answersFile = join(work, `answers-${kind}.json`);
    writeFileSync(answersFile, JSON.stringify(answers));
    const twin = spawn(process.execPath, ['--import', 'tsx', 'tools/dev/bench/twin.ts', answersFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    servers.push(twin);
    const twinOrigin = `http://127.0.0.1:${await firstLine(twin)}`;

    log(`${kind}: ${held} orders, ${connections} connections, ${duration} s per run, ${rounds} rounds`);
    const rows: Row[] = [];
    for (const c of cases) {
      const measure = (which: 'server' | 'twin', seconds = duration) =>
        which === 'server'
          ? load(server.origin, server.child.pid!, c.requests, seconds)
          : load(twinOrigin, twin.pid!, c.requests, seconds);
      // Warm-up of both: caches, JIT.
      await measure('server', Math.min(duration, 3));
      await measure('twin', Math.min(duration, 3));
      // Rounds alternate which goes first, so a machine that slows down or speeds up weighs on both alike.
      const pairs: { server: Load; twin: Load; ratio: number }[] = [];
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? (['server', 'twin'] as const) : (['twin', 'server'] as const);
        const first = await measure(order[0]);
        const second = await measure(order[1]);
        const [measured, bare] = round % 2 === 0 ? [first, second] : [second, first];
        if (measured.non2xx || measured.errors || measured.timeouts)
          throw new Error(
            `${c.name}: ${measured.non2xx} non-2xx, ${measured.errors} errors, ${measured.timeouts} timeouts`,
          );
        pairs.push({ server: measured, twin: bare, ratio: measured.requests / bare.requests });
      }
      const sorted = [...pairs].sort((a, b) => a.ratio - b.ratio);
      const median = sorted[Math.floor(rounds / 2)]!;
      const met = median.ratio >= c.goal && median.server.p99 < 50;
      const row: Row = {
        name: c.name,
        met,
        cells: [
          `ratio ${median.ratio.toFixed(2)} (goal ≥ ${c.goal}, p99 < 50 ms: ${met ? 'met' : 'MISSED'})`,
          `server ${median.server.requests.toFixed(0)} req/s, p50 ${median.server.p50} ms, p99 ${median.server.p99} ms`,
          `twin ${median.twin.requests.toFixed(0)} req/s, p50 ${median.twin.p50} ms, p99 ${median.twin.p99} ms`,
          `CPU ${median.server.cpu.toFixed(0)} µs/request, twin ${median.twin.cpu.toFixed(0)} µs`,
          `rounds ${pairs.map((p) => p.ratio.toFixed(2)).join(', ')} (spread ${(sorted.at(-1)!.ratio - sorted[0]!.ratio).toFixed(2)})`,
          c.detail,
        ],
      };
      rows.push(row);
      log(`${kind}  ${row.name}: ${row.cells.join(' | ')}`);
    }
    const logBytes = readFileSync(server.logFile).length;
    return {
      seed: `${held.toLocaleString('en')} orders, ${Number.isNaN(recorded) ? '?' : recorded.toFixed(1)} s (${seeded !== undefined ? 'seeded now' : 'reused'})`,
      rows,
      logBytes: `${(logBytes / 1024 / 1024).toFixed(1)} MB of request log`,
    };
  } finally {
    for (const child of servers) await stop(child);
    cluster?.stop();
  }
}

const figures = new Map<string, Awaited<ReturnType<typeof benchStore>>>();
try {
  for (const kind of kinds) figures.set(kind, await benchStore(kind));
} finally {
  rmSync(work, { recursive: true, force: true });
}

// One table, a column per store.
const columns = [...figures.keys()];
const first = figures.get(columns[0]!)!;
const table: string[][] = [['', ...columns]];
table.push(['seed', ...columns.map((k) => figures.get(k)!.seed)]);
first.rows.forEach((row, i) => {
  for (let cell = 0; cell < row.cells.length; cell++) {
    table.push([
      cell === 0 ? row.name : '',
      ...columns.map((k) => figures.get(k)!.rows[i]!.cells[cell] ?? ''),
    ]);
  }
});
table.push(['request log', ...columns.map((k) => figures.get(k)!.logBytes)]);
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
