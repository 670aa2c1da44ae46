import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

function seed(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the seed command', () => {
  it('refuses to seed the server’s own PostgreSQL database, in one line and without a stack trace', () => {
    const run = seed('--db', 'postgres://someone@127.0.0.1:1/postgres', '--orders', '10');
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `seed failed: the URL names the server's own database "postgres"; name a database of its own (postgres://…/mostrador), which is dropped and created anew`,
    );
  });

  it('says so when the PostgreSQL server cannot be reached, without a stack trace', () => {
    const run = seed('--db', 'postgres://someone@127.0.0.1:1/mostrador_seed', '--orders', '10');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^seed failed: .*ECONNREFUSED/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses an order count that is not a whole number', () => {
    const run = seed('--db', 'x.db', '--orders', 'many');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^--orders must be a whole number\nusage: npm run seed/);
  });
});
