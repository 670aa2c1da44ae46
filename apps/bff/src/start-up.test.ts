import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { startFailure } from './start-failure.ts';

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

/**
 * The whole OAuth sign-in a browser goes through: the BFF's login, the marketplace's sign-in page (its first demo
 * account), the callback, where the BFF exchanges the code with its client secret. Answers where it lands.
 */
async function signIn(origin: string): Promise<string> {
  const login = await fetch(`${origin}/bff/login?return_to=%2Forders`, { redirect: 'manual' });
  const authorize = new URL(login.headers.get('location') ?? '', origin);
  const loginCookie = cookiesOf(login);
  const page = await (await fetch(authorize, { headers: { cookie: loginCookie } })).text();
  const userId = /name="user_id" value="(\d+)"/.exec(page)?.[1];
  if (!userId) throw new Error(`no account to choose on the sign-in page:\n${page.slice(0, 500)}`);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('user_id', userId);
  const decided = await fetch(`${origin}/api/authorization`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: loginCookie },
    body: form,
  });
  const callback = new URL(decided.headers.get('location') ?? '', origin);
  const done = await fetch(callback, { redirect: 'manual', headers: { cookie: loginCookie } });
  return done.headers.get('location') ?? `(status ${done.status})`;
}

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
  });

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

  it('on another port serves beside the first: both sign in, with one secret and both callbacks registered', async () => {
    const before = clientRegistration(file);
    const third = startServerProcess(env('0'));
    others.push(third);
    const thirdUrl = await third.listening;
    expect(await signIn(thirdUrl)).toBe('/orders');
    expect(await signIn(firstUrl)).toBe('/orders');
    const after = clientRegistration(file);
    expect(after.secretHash).toBe(before.secretHash);
    expect(after.redirects).toEqual(
      expect.arrayContaining([...before.redirects, `${thirdUrl}/bff/callback`]),
    );
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
