/**
 * `npm run bench:instructions [-- --db FILE --cases order,legacy --requests 8000 --warm 16000 --connections 10
 *   --all true --twin false]`
 *
 * The instructions the server's request thread runs per request, counted by valgrind's callgrind, beside the bare
 * twin's for the same URLs (decision 0210). Time on these shared machines moves by a fifth between runs of the same
 * code; instructions move by a few percent, so a change of a few percent can be seen, and taken apart by function.
 * It complements `npm run bench`, which gives the figures users see: requests a second, their latency and the ratio to
 * the twin; this one gives the work.
 *
 * Each side is started as the benchmark starts it (the server as `npm start` does, its middleware and request log on)
 * under callgrind with instrumentation off; it is switched on for `--warm` requests (the JIT settles), the counters
 * are zeroed, `--requests` requests are sent by autocannon from this process, and the request thread's count is
 * dumped. What is counted is the requests' own work: what runs when a connection's bytes arrive (node's stream read,
 * the parser, the handlers, the promises they settle) and in the immediates that follow (the access log's write, the
 * answers that waited for it). Work on a timer (the notification worker's and the outbox's looks, the log's flush
 * every 100 ms) is left out: under valgrind a request takes about fifty times as long, so that work weighed fifty
 * times what it does at full speed, and moved with the machine's load by 5% from run to run. `--all true` counts
 * everything the threads ran, as the command first did. Needs valgrind (Debian's `valgrind` package).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '@mostrador/marketplace-api';
import autocannon from 'autocannon';
import { prepareCases, type Request } from './cases.ts';
import { freePort } from './process-stats.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    cases: { type: 'string', default: 'order,legacy' },
    requests: { type: 'string', default: '8000' },
    warm: { type: 'string', default: '16000' },
    connections: { type: 'string', default: '10' },
    all: { type: 'string', default: 'false' },
    twin: { type: 'string', default: 'true' },
  },
});
const everything = args.all === 'true';
/** node's stream read (a connection's bytes, and all they set off) and its turn's immediates: the requests' work. */
const REQUEST_WORK = ['node::LibuvStreamWrap::OnUvRead*', 'node::Environment::CheckImmediate*'];
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
if (spawnSync('valgrind', ['--version']).status !== 0) {
  log('valgrind is needed: apt-get install valgrind');
  process.exit(2);
}
const file = resolve(args.db ?? 'data/bench-1000000.db');
const work = mkdtempSync(join(tmpdir(), 'mostrador-instructions-'));
// valgrind and callgrind_control name their pipes after these: both must see the same.
const pipeEnv = { USER: process.env.USER ?? 'user', HOST: '127.0.0.1' };

interface Counted {
  /** Instructions of the request thread per request, in thousands. */
  main: number;
  /** Instructions of every other thread (GC helpers, the store's background thread, the thread pool). */
  others: number;
}

/** How the program under callgrind says where it answers: the server's health check, the twin's first line. */
type Ready = (child: ChildProcess, port: number) => Promise<string>;

const serverReady: Ready = async (child, port) => {
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`${origin}/bff/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return origin;
    await new Promise((r) => setTimeout(r, 500));
  }
};

const twinReady: Ready = (child) =>
  new Promise((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) done(`http://127.0.0.1:${out.slice(0, out.indexOf('\n'))}`);
    });
    child.once('exit', (code) => fail(new Error(`the twin exited with ${code}`)));
  });

async function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Starts `script` under callgrind, counts `--requests` requests after `--warm`, and stops it. */
async function count(script: string[], ready: Ready, requests: Request[]): Promise<Counted> {
  const name = `callgrind-${Date.now()}.out`;
  const port = await freePort();
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      ...(everything ? [] : ['--collect-atstart=no', ...REQUEST_WORK.map((f) => `--toggle-collect=${f}`)]),
      `--callgrind-out-file=${join(work, name)}`,
      process.execPath,
      '--import',
      'tsx',
      ...script,
    ],
    {
      env: {
        ...process.env,
        ...pipeEnv,
        PORT: String(port),
        RATE_LIMIT_PER_MINUTE: '1000000000',
        MARKETPLACE_BASE_URL: undefined,
        DATABASE_URL: undefined,
        DATABASE_FILE: file,
      },
      stdio: ['ignore', 'pipe', openSync(join(work, 'valgrind.log'), 'a')],
    },
  );
  try {
    const origin = await ready(child, port);
    const control = (...flags: string[]) =>
      execFileSync('callgrind_control', [...flags, String(child.pid)], {
        env: { ...process.env, ...pipeEnv },
        stdio: 'pipe',
      });
    control('-i', 'on');
    const prepared = requests.map((r) => ({
      path: r.path,
      headers: { ...(r.legacy ? {} : { 'x-format-new': 'true' }), authorization: `Bearer ${r.token}` },
    }));
    let next = 0;
    const send = (amount: number) =>
      autocannon({
        url: origin,
        connections: Number(args.connections),
        amount,
        timeout: 60,
        requests: [
          {
            setupRequest(req) {
              next = (next + 1) % prepared.length;
              return { ...req, ...prepared[next]! };
            },
          },
        ],
      });
    await send(Number(args.warm));
    control('-z');
    const sent = await send(Number(args.requests));
    if (sent.non2xx || sent.errors) throw new Error(`${sent.non2xx} non-2xx answers, ${sent.errors} errors`);
    control('-d');
    // The dump is written while the program runs on: wait for every thread's file to be whole.
    const total = (dump: string) =>
      Number(/^totals: (\d+)/m.exec(readFileSync(join(work, dump), 'utf8'))?.[1]);
    for (;;) {
      const dumps = readdirSync(work).filter((f) => f.startsWith(`${name}.1-`));
      if (dumps.length > 0 && dumps.every((f) => !Number.isNaN(total(f)))) {
        const main = total(dumps.find((f) => f.endsWith('-01'))!);
        const all = dumps.reduce((sum, f) => sum + total(f), 0);
        const per = (n: number) => n / sent.requests.total / 1000;
        return { main: per(main), others: per(all - main) };
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await stopped(child, 'SIGKILL');
  }
}

/** The server's own answers to the case's requests, for the twin, from a server started without valgrind. */
async function answersOf(requests: Request[]): Promise<string> {
  const answers: Record<string, string> = {};
  const port = await freePort();
  const plain = spawn(process.execPath, ['--import', 'tsx', 'apps/bff/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      MARKETPLACE_BASE_URL: undefined,
      DATABASE_URL: undefined,
      DATABASE_FILE: file,
    },
    stdio: 'ignore',
  });
  try {
    const origin = await serverReady(plain, port);
    for (const r of requests) {
      const res = await fetch(`${origin}${r.path}`, {
        headers: { authorization: `Bearer ${r.token}`, ...(r.legacy ? {} : { 'x-format-new': 'true' }) },
      });
      if (res.status !== 200) throw new Error(`${r.path} answered ${res.status}`);
      answers[`${r.legacy ? 'legacy' : 'new'} ${r.path}`] = Buffer.from(await res.arrayBuffer()).toString(
        'base64',
      );
    }
  } finally {
    // Gone before the next server starts on the file: one server per SQLite file (decision 0251).
    await stopped(plain, 'SIGTERM');
  }
  const answersFile = join(work, `answers-${Date.now()}.json`);
  writeFileSync(answersFile, JSON.stringify(answers));
  return answersFile;
}

const kIr = (n: number) => `${n.toFixed(1)} k`;

try {
  const store = await openStore({ file });
  const cases = await prepareCases(store, args.cases.split(','));
  await store.close();
  for (const c of cases) {
    const answers = await answersOf(c.requests);
    log(`${c.name}: the server under callgrind`);
    const server = await count(['apps/bff/src/server.ts'], serverReady, c.requests);
    if (args.twin === 'false') {
      process.stdout.write(`${c.name}: request thread ${kIr(server.main)} instructions per request\n`);
      continue;
    }
    log(`${c.name}: the twin under callgrind`);
    const twin = await count(['tools/dev/bench/twin.ts', answers], twinReady, c.requests);
    process.stdout.write(
      `${c.name}: request thread ${kIr(server.main)} instructions per request${everything ? '' : " (the requests' own work)"}, ` +
        `twin ${kIr(twin.main)} (${(server.main / twin.main).toFixed(2)}×)` +
        `${everything ? `; other threads ${kIr(server.others)}, twin ${kIr(twin.others)}` : ''}\n`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
