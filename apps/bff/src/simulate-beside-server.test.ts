import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run simulate` as people run it, in a process of its own: its stdout, stderr and exit code. */
function simulate(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/marketplace-api/src/notifications/simulator-cli.ts', ...args],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

const countOrders = (file: string) => {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return db.prepare('select count(*) from orders').pluck().get() as number;
  } finally {
    db.close();
  }
};

describe('npm run simulate beside a live server on the same SQLite file', () => {
  let dir: string;
  let file: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bff-simulate-'));
    file = join(dir, 'mostrador.db');
    server = startServerProcess({ PORT: '0', DATABASE_FILE: file, DEMO_ORDERS: '300' });
    await server.listening;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('loses no change to “database is locked”, while the server delivers every change as a notification', async () => {
    const before = countOrders(file);
    const run = await simulate(['--rate', '60', '--seconds', '8', '--db', file, '--seed', '5']);
    expect(run.stderr).not.toMatch(/locked|busy|errors/i);
    expect(run.code).toBe(0);
    const made = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, number>;
    const total = Object.values(made).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(200);
    expect(countOrders(file)).toBe(before + (made.order ?? 0));
    expect(server.output()).not.toMatch(/locked|SQLITE_BUSY/);
  }, 120_000);
});
