import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { errorBodySchema, myFeedsSchema } from '@mostrador/contracts';
import { DEMO_APPLICATION_ID } from '@mostrador/marketplace-api';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ServerProcess, signInSession, startServerProcess } from './server-process.ts';

/**
 * Faults on purpose (decision 0293) on `npm start`'s server in a process of its own: the header through the BFF (with
 * a token of its own and with a session), and `npm run faults` beside it on the same SQLite file.
 */

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'mostrador-faults-'));
const databaseFile = join(folder, 'mostrador.db');
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_FILE: databaseFile };
let server: ServerProcess;
let origin: string;
let token: string;

type Ran = { code: number; stdout: string; stderr: string };
const settled = (running: Promise<{ stdout: string; stderr: string }>): Promise<Ran> =>
  running.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: Ran) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

/** The command as `npm run faults -- …` runs it (tsx on its entry), without npm's own start-up. */
const faults = (args: string[]) =>
  settled(
    run(process.execPath, ['--import', 'tsx', 'apps/bff/src/faults-cli.ts', ...args], { cwd: ROOT, env }),
  );

const me = (headers: Record<string, string> = {}) =>
  fetch(`${origin}/api/users/me`, { headers: { authorization: `Bearer ${token}`, ...headers } });

beforeAll(async () => {
  server = startServerProcess({ PORT: '0', DATABASE_FILE: databaseFile, DEMO_ORDERS: '300' });
  origin = await server.listening;
  // Demo data seeded, the demo application configured: the start ends with its accounts.
  await vi.waitFor(() => expect(server.output()).toMatch(/npm run --silent token --/), {
    timeout: 60_000,
    interval: 100,
  });
  const issued = await settled(
    run(process.execPath, ['--import', 'tsx', 'apps/bff/src/token-cli.ts', 'TIENDA_PALERMO'], {
      cwd: ROOT,
      env,
    }),
  );
  token = issued.stdout.trim();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

describe('faults on purpose on the running server', { timeout: 120_000 }, () => {
  // Eight `npm run` of the README (npm, tsx, the store: 10–20 s each on a busy 2-core machine): a ceiling above that.
  it("runs the README's examples against it", { timeout: 360_000 }, async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('### Faults on purpose');
    const section = readme.slice(start, readme.indexOf('\n## ', start));
    const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBe(3);
    const script = ['curl() { command curl --silent --show-error "$@"; echo " [curl $?]"; }', ...blocks]
      .join('\n')
      .replaceAll('http://127.0.0.1:3000', origin);
    const { stdout, stderr } = await run('bash', ['-c', script], { cwd: ROOT, env });
    expect(stdout).toMatch(/^HTTP\/1\.1 503 Service Unavailable/m);
    expect(stdout).toMatch(/"error":"service_unavailable","status":503,"cause":\[\{"code":"simulated_fault"/);
    expect(stdout).toMatch(/^HTTP\/1\.1 429 Too Many Requests/m);
    expect(stdout).toMatch(/^retry-after: 30/im);
    const late = /^\{"id":"ARS".*\}(\d+\.\d+) s/m.exec(stdout);
    expect(Number(late?.[1])).toBeGreaterThanOrEqual(1.5);
    expect(stderr).toMatch(/curl: \(52\) Empty reply from server/);
    expect(stdout).toMatch(/ \[curl 52\]/);
    // The rules the README adds, listed with their ids, the second removed, the rest cleared at the end.
    expect(stdout).toMatch(/^1\tstatus=503\tGET \/orders\/\*\t3 more$/m);
    expect(stdout).toMatch(/^2\tdelay=2000\tany method any path\tuntil removed, 0\.25 of them$/m);
    expect(stdout).toMatch(/^3\tdrop\tPOST \/orders\/\{order_id\}\/feedback\t1 more$/m);
    expect(stdout).toMatch(/^4\tdeliver=twice\torders_v2 notifications\t5 more$/m);
    expect(stdout).toMatch(/^5\tdeliver=out-of-order; delay=4000\tany topic notifications\tuntil removed$/m);
    expect(stderr).toMatch(/Rule 2 removed/);
    expect(stderr).toMatch(/4 rules removed/);
    expect((await faults(['list'])).stderr).toMatch(/No fault rules/);
  });

  it('follows a rule set beside it from the next request on, as many times as told', async () => {
    expect((await me()).status).toBe(200);
    const added = await faults([
      'add',
      'status=503',
      '--path',
      '/users/me',
      '--method',
      'GET',
      '--times',
      '2',
    ]);
    expect(added.code).toBe(0);
    const id = added.stdout.split('\t')[0];
    expect(added.stderr).toMatch(/running servers answer with it from their next request on/);
    for (let i = 0; i < 2; i++) {
      const res = await me();
      expect(res.status).toBe(503);
      const body = errorBodySchema.parse(await res.json());
      expect(body.cause).toEqual([
        { code: 'simulated_fault', message: `rule ${id} of npm run faults: status=503` },
      ]);
    }
    expect((await me()).status).toBe(200);
    expect((await faults(['list'])).stdout).toBe('');
  });

  it('drops the connection of a rule, and of the header through a session', async () => {
    const added = await faults(['add', 'drop', '--path', '/currencies/*']);
    expect(added.code).toBe(0);
    await expect(fetch(`${origin}/api/currencies/ARS`)).rejects.toThrow(TypeError);
    expect((await faults(['remove', added.stdout.split('\t')[0]!])).code).toBe(0);
    expect((await fetch(`${origin}/api/currencies/ARS`)).status).toBe(200);
    // The dashboard's own request (a session, its token added by the BFF) reaches the same connection.
    const { cookie } = await signInSession(origin);
    const own = { cookie, 'sec-fetch-site': 'same-origin' };
    expect((await fetch(`${origin}/api/users/me`, { headers: own })).status).toBe(200);
    await expect(
      fetch(`${origin}/api/users/me`, { headers: { ...own, 'x-simulate-fault': 'drop' } }),
    ).rejects.toThrow(TypeError);
    const limited = await fetch(`${origin}/api/users/me`, {
      headers: { ...own, 'x-simulate-fault': 'status=429; retry-after=3' },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    // The server is still there.
    expect((await me()).status).toBe(200);
    expect(server.output()).not.toMatch(/unexpected error|Error:/);
  });

  it("holds the running server's notifications as a rule set beside it says", async () => {
    const added = await faults(['add', 'deliver=late', 'delay=2500', '--topic', 'orders_v2']);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/\tdeliver=late; delay=2500\torders_v2 notifications\tuntil removed$/m);
    const buyer = await settled(
      run(process.execPath, ['--import', 'tsx', 'apps/bff/src/token-cli.ts', 'COMPRADOR_BELGRANO'], {
        cwd: ROOT,
        env,
      }),
    );
    const sellerId = ((await (await me()).json()) as { id: number }).id;
    const db = new SqliteDatabase(databaseFile, { readonly: true });
    const item = db
      .prepare('select id from items where seller_id = ? and available_quantity > 5 order by id limit 1')
      .pluck()
      .get(sellerId) as string;
    db.close();
    const created = await fetch(`${origin}/api/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.stdout.trim()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seller_id: sellerId, items: [{ id: item, quantity: 1 }] }),
    });
    expect(created.status).toBe(201);
    const orderId = ((await created.json()) as { id: number }).id;
    // The seller's notification of the new order, as the application's owner reads the sender's log.
    const delivered = async () => {
      const res = await fetch(`${origin}/api/myfeeds?app_id=${DEMO_APPLICATION_ID}&limit=50`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return myFeedsSchema
        .parse(await res.json())
        .messages.find(
          (m) => m.resource === `/orders/${orderId}` && m.user_id === sellerId && m.status === 'delivered',
        );
    };
    await vi.waitFor(async () => expect(await delivered()).toBeDefined(), { timeout: 30_000, interval: 200 });
    const message = (await delivered())!;
    expect(
      Date.parse(message.attempts_detail[0]!.sent) - Date.parse(message.received),
    ).toBeGreaterThanOrEqual(2500);
    expect((await faults(['remove', added.stdout.split('\t')[0]!])).code).toBe(0);
  });

  it('refuses words it cannot read, saying why, and changes nothing', async () => {
    const refusals = [
      [['add', 'status=502'], /status takes 500, 503, 429/],
      [['add', 'status=503', '--times', 'many'], /--times takes a count/],
      [['frobnicate'], /unknown command frobnicate/],
      [['add', 'status=503', '--colour', 'red'], /Unknown option '--colour'/],
    ] as const;
    const ran = await Promise.all(refusals.map(([args]) => faults([...args])));
    for (const [i, [args, problem]] of refusals.entries()) {
      expect(ran[i]!.code, args.join(' ')).toBe(2);
      expect(ran[i]!.stderr).toMatch(problem);
      expect(ran[i]!.stderr).toMatch(/usage: npm run faults/);
    }
    expect((await faults(['remove', '999'])).code).toBe(1);
    expect((await faults(['list'])).stdout).toBe('');
  });
});
