import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  refusedStart,
  type ServerProcess,
  signIn,
  startOutcome,
  startServerProcess,
} from './server-process.ts';
import { startFailure } from './start-failure.ts';

function clientRegistration(file: string) {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return {
      secretHash: db.prepare('select client_secret_hash from applications order by id limit 1').pluck().get(),
      redirects: db.prepare('select redirect_uri from oauth_redirect_uris order by 1').pluck().all(),
    };
  } finally {
    db.close();
  }
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run --silent NAME -- ARGS` as people type it, with the server's DATABASE_FILE. */
function command(file: string, name: string, ...args: string[]) {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_FILE: file };
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('npm', ['run', '--silent', name, '--', ...args], { cwd: ROOT, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('starting a second instance on the same database', () => {
  let dir: string;
  let file: string;
  let first: ServerProcess;
  let firstUrl: string;
  const others: ServerProcess[] = [];
  const env = (port: string) => ({
    PORT: port,
    DATABASE_FILE: file,
    DEMO_ORDERS: '40',
    SIGNIN_LIMIT_PER_15_MINUTES: '1000',
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bff-start-'));
    file = join(dir, 'mostrador.db');
    first = startServerProcess(env('0'));
    firstUrl = await first.listening;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), ...others.map((o) => o.stop())]);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('on a taken port ends with one clear line, changes nothing, and the first instance goes on signing in', async () => {
    expect(await signIn(firstUrl)).toBe('/orders');
    const before = clientRegistration(file);
    const second = startServerProcess(env(new URL(firstUrl).port));
    others.push(second);
    expect(await second.exited).toBe(1);
    const output = second.output().trim();
    expect(output).toBe(
      `Mostrador cannot start: port ${new URL(firstUrl).port} on 127.0.0.1 is already in use (another Mostrador?). Stop it, or start this one with another PORT.`,
    );
    expect(clientRegistration(file)).toEqual(before);
    expect(await signIn(firstUrl)).toBe('/orders');
  }, 120_000);

  it('on another port ends with one clear line, changes nothing, and the first instance goes on signing in', async () => {
    const before = clientRegistration(file);
    const third = startServerProcess(env('0'));
    others.push(third);
    expect(await startOutcome(third)).toBe(1);
    expect(third.output().trim()).toBe(
      `Mostrador cannot start: the database ${file} is already served by another Mostrador. Stop it, or start this one with another DATABASE_FILE.`,
    );
    expect(clientRegistration(file)).toEqual(before);
    expect(await signIn(firstUrl)).toBe('/orders');
  }, 120_000);

  it('leaves the file open to the commands that use it on purpose while the server runs', async () => {
    const purge = await command(file, 'privacy', 'purge', '--db', file);
    expect(purge.stderr).toBe('');
    expect(purge.code).toBe(0);
    const issued = await command(file, 'token', 'TIENDA_PALERMO');
    expect(issued.code).toBe(0);
    const me = await fetch(`${firstUrl}/api/users/me`, {
      headers: { authorization: `Bearer ${issued.stdout.trim()}` },
    });
    expect(me.status).toBe(200);
    expect(await signIn(firstUrl)).toBe('/orders');
  }, 120_000);

  it('after the first is killed (kill -9), a start on its port takes over and signs in with the same secret', async () => {
    const port = new URL(firstUrl).port;
    const before = clientRegistration(file);
    first.child.kill('SIGKILL');
    await first.exited;
    const next = startServerProcess(env(port));
    others.push(next);
    expect(await next.listening).toBe(firstUrl);
    expect(await signIn(firstUrl)).toBe('/orders');
    expect(clientRegistration(file).secretHash).toBe(before.secretHash);
  }, 120_000);
});

describe('startFailure', () => {
  const at = { host: '127.0.0.1', port: 3000, database: 'data/mostrador.db' };
  const failure = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('names what the operator chose and says what to do, in one line', () => {
    expect(startFailure(failure('EADDRINUSE'), at)).toMatch(/port 3000 on 127\.0\.0\.1 is already in use/);
    expect(startFailure(failure('SQLITE_BUSY', 'database is locked'), at)).toMatch(
      /data\/mostrador\.db is locked by another process/,
    );
    expect(startFailure(failure('SQLITE_CANTOPEN', 'unable to open database file'), at)).toMatch(
      /data\/mostrador\.db cannot be opened/,
    );
    expect(startFailure(failure('SQLITE_READONLY'), at)).toMatch(/read-only/);
    expect(startFailure(failure('SQLITE_IOERR_SHMSIZE'), at)).toMatch(
      /disk holding data\/mostrador\.db is full/,
    );
    expect(startFailure(failure('SQLITE_FULL'), at)).toMatch(/full/);
    expect(startFailure(new Error('first line\n    at somewhere (file.ts:1:1)'), at)).toBe(
      'Mostrador cannot start: first line',
    );
  });
});

describe('a start on a store it cannot use', () => {
  let dir: string;
  let file: string;
  const env = () => ({ PORT: '0', DATABASE_FILE: file, DEMO_ORDERS: '20' });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bff-refused-'));
    file = join(dir, 'mostrador.db');
    // A store as a first start leaves it: seeded, with personal data sealed under its key file.
    const made = startServerProcess(env());
    await made.listening;
    await made.stop();
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('whose key file is missing ends with one line naming the file, and writes no new key', async () => {
    const keys = `${file}.keys.json`;
    renameSync(keys, `${keys}.moved`);
    try {
      const refused = await refusedStart(env());
      expect(refused.outcome).toBe(1);
      expect(refused.output).toBe(
        `Mostrador cannot start: the database ${file} holds personal data sealed with the keys in ${keys}, and that file is missing. Restore it from a backup (or set DATA_KEYS and DATA_INDEX_KEY to those keys); new keys would leave the data unreadable.`,
      );
      expect(existsSync(keys)).toBe(false);
    } finally {
      renameSync(`${keys}.moved`, keys);
    }
  }, 120_000);

  it('that is an empty file (0 bytes) is refused, naming it, and nothing is seeded into it', async () => {
    const empty = join(dir, 'emptied.db');
    writeFileSync(empty, '');
    const refused = await refusedStart({ ...env(), DATABASE_FILE: empty });
    expect(refused.outcome).toBe(1);
    expect(refused.output).toBe(
      `Mostrador cannot start: the database ${empty} is an empty file (0 bytes). If it held data, restore it from a backup; to start with a new database, remove it.`,
    );
    expect(statSync(empty).size).toBe(0);
    expect(existsSync(`${empty}.keys.json`)).toBe(false);
  }, 120_000);

  it('that another process holds locked ends with one clear line', async () => {
    const holder = new SqliteDatabase(file);
    holder.pragma('locking_mode = EXCLUSIVE');
    holder.exec('begin exclusive');
    try {
      const refused = await refusedStart(env());
      expect(refused.outcome).toBe(1);
      expect(refused.output).toBe(
        `Mostrador cannot start: the database ${file} is locked by another process. Start again when it is done.`,
      );
    } finally {
      holder.exec('rollback');
      holder.close();
    }
    const after = startServerProcess(env());
    await after.listening;
    await after.stop();
  }, 120_000);
});
