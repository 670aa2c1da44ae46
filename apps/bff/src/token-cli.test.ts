import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'mostrador-token-'));
const databaseFile = join(folder, 'mostrador.db');
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_FILE: databaseFile };
let server: ServerProcess;
let origin: string;

/** `npm run --silent token -- …` as an integrator types it, with the server's DATABASE_FILE. */
function token(args: string[], databaseFile?: string) {
  const options = { cwd: ROOT, env: databaseFile ? { ...env, DATABASE_FILE: databaseFile } : env };
  return run('npm', ['run', '--silent', 'token', '--', ...args], options).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

beforeAll(async () => {
  server = startServerProcess({ PORT: '0', DATABASE_FILE: databaseFile, DEMO_ORDERS: '400' });
  origin = await server.listening;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

// Each test starts `npm run token` (npm, tsx, the store): 15–20 s on a busy 2-core machine, a ceiling above that.
describe('npm run token', { timeout: 120_000 }, () => {
  it('ends the start with the address and the demo accounts to sign in as', async () => {
    await expect.poll(() => server.output(), { timeout: 30_000 }).toMatch(/npm run --silent token --/);
    expect(server.output()).toMatch(/Open http:\/\/127\.0\.0\.1:\d+ and sign in as a demo account/);
    expect(server.output()).toMatch(/TIENDA_PALERMO, .*SOPORTE_PALERMO/);
    expect(server.output()).toMatch(/Seeded 400 demo orders/);
  });

  it("prints a token of the running server's database that its API accepts", async () => {
    const issued = await token(['TIENDA_PALERMO']);
    expect(issued.code).toBe(0);
    expect(issued.stdout).toMatch(/^APP_USR-\S+\n$/);
    expect(issued.stderr).toMatch(/TIENDA_PALERMO \(user \d+\).*valid for 6 hours/);
    const me = await fetch(`${origin}/api/users/me`, {
      headers: { authorization: `Bearer ${issued.stdout.trim()}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { nickname: string }).nickname).toBe('TIENDA_PALERMO');
  });

  it('refuses an unknown nickname, naming the demo accounts, and prints no token', async () => {
    const refused = await token(['NOBODY_HERE']);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /No demo account is named NOBODY_HERE in .*Demo accounts: TIENDA_PALERMO, /,
    );
    const missing = await token([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^usage: npm run --silent token -- NICKNAME/);
  });

  it('says to start the server first when its database does not exist yet', async () => {
    const { stderr, code } = await token(['TIENDA_PALERMO'], join(folder, 'elsewhere.db'));
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /There is no database at .*elsewhere\.db yet: start the server first \(npm start\)/,
    );
  });

  it("runs the README's curl examples against the live server", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## The marketplace API'));
    const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block).toContain('npm run --silent token -- TIENDA_PALERMO');
    // Each curl fails the script on an HTTP error, and its answer ends with a line of its own.
    const script = [
      'set -euo pipefail',
      'curl() { command curl --fail-with-body --silent --show-error "$@"; echo; }',
      block!.replaceAll('http://127.0.0.1:3000', origin),
    ].join('\n');
    const { stdout } = await run('bash', ['-c', script], { cwd: ROOT, env });
    expect(stdout).toContain('"nickname":"TIENDA_PALERMO"');
    expect(stdout).toMatch(/"results":\[\{/);
    expect(stdout).toMatch(/"order_items":/);
    expect(stdout).toMatch(/show\(/);
    expect(stdout).toContain('"openapi":"3.1');
  }, 60_000);

  it("runs the README's example of partial answers against the live server", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Partial answers'));
    const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block).toContain('X-Simulate-Content-Missing: buyer,shipping');
    const script = [
      'set -euo pipefail',
      'curl() { command curl --fail-with-body --silent --show-error "$@"; echo; }',
      block!.replaceAll('http://127.0.0.1:3000', origin),
    ].join('\n');
    const { stdout } = await run('bash', ['-c', script], { cwd: ROOT, env });
    const answers = stdout.split(/\r?\n(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 206 /);
    expect(answers[0]).toMatch(/^x-content-missing: buyer,shipping\r?$/im);
    expect(answers[0]).toContain('"buyer":{}');
    expect(answers[1]).toMatch(/^HTTP\/1\.1 206 /);
    expect(answers[1]).toMatch(/^x-content-missing: seller_reputation\r?$/im);
  }, 60_000);
});
