import { createHash } from 'node:crypto';
import {
  errorBodySchema,
  sessionAccountListSchema,
  sessionSchema,
  userPrivateSchema,
} from '@mostrador/contracts';
import { DEMO_APPLICATION_ID } from '@mostrador/marketplace-api';
import { open } from '@mostrador/server-kit/store';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createKit, expectNoTokens, type Kit, ORIGIN } from '../test-support.ts';
import { safeReturnTo } from './session-routes.ts';

let kit: Kit;

beforeEach(async () => {
  kit = await createKit();
});

const HOUR = 3_600_000;

async function session(browser: Browser) {
  const res = await browser.request('/bff/session');
  expect(res.status).toBe(200);
  return sessionSchema.parse(await res.json());
}

async function me(browser: Browser, headers: Record<string, string> = {}) {
  const res = await browser.request('/api/users/me', { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function expectErrorBody(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  const body = errorBodySchema.parse(await res.json());
  expect(body.error).toBe(error);
  return body;
}

const sessionCookie = (browser: Browser) => browser.cookies.get('__Host-mostrador_session')?.value;

describe('GET /bff/login', () => {
  it('sends the browser to the platform with PKCE (S256) and binds the flow with a Lax login cookie', async () => {
    const browser = kit.browser();
    const res = await browser.request('/bff/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}/api/authorization`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: String(DEMO_APPLICATION_ID),
      redirect_uri: `${ORIGIN}/bff/callback`,
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-mostrador_login=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    // The verifier is sealed at rest; only hashes of the state and the binding are kept.
    const [flow] = await kit.bffStore.db.selectFrom('bff_login_flows').selectAll().execute();
    expect(JSON.stringify(flow)).not.toContain(params.state);
  });
});

describe('sign-in through the platform', () => {
  it('ends on the app with one Strict, HttpOnly, __Host- session cookie and the user in /bff/session', async () => {
    const browser = kit.browser();
    const done = await browser.signIn('TIENDA_PALERMO');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/');
    const setCookies = done.headers.getSetCookie();
    const sessionLine = setCookies.find((line) => line.startsWith('__Host-mostrador_session='))!;
    expect(sessionLine).toMatch(
      /^__Host-mostrador_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    // The login cookie is spent.
    expect(setCookies.some((line) => /^__Host-mostrador_login=;.*Max-Age=0/.test(line))).toBe(true);
    expect([...browser.cookies.keys()]).toEqual(['__Host-mostrador_session']);

    const view = await session(browser);
    const user = kit.user('TIENDA_PALERMO');
    expect(view.user).toEqual({ user_id: user.id, nickname: 'TIENDA_PALERMO', site_id: user.site_id });
    expect(view.accounts).toEqual([{ ...view.user, active: true }]);

    const mine = await me(browser);
    expect(mine.status).toBe(200);
    expect(userPrivateSchema.parse(mine.body).id).toBe(user.id);
    expectNoTokens(kit, [...browser.bodies, ...browser.setCookieHeaders, ...kit.logs]);
  });

  it('keeps the tokens sealed at rest, bound to their account', async () => {
    await kit.browser().signIn('LOJA_PINHEIROS');
    const rows = await kit.bffStore.db.selectFrom('bff_accounts').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(kit.issued.size).toBe(2);
    for (const token of kit.issued) expect(dump).not.toContain(token);
    const row = rows[0] as { user_id: number; access_token_enc: string; refresh_token_enc: string };
    expect(
      open(kit.bffStore.keyring, row.access_token_enc, `bff_accounts:${row.user_id}:access_token`),
    ).toMatch(/^APP_USR-/);
    expect(() => open(kit.bffStore.keyring, row.access_token_enc, 'bff_accounts:1:access_token')).toThrow();
  });

  it('returns to the page the sign-in started from, and only to a page of this application', async () => {
    expect(
      (await kit.browser().signIn('TIENDA_PALERMO', '/orders?status=paid')).headers.get('location'),
    ).toBe('/orders?status=paid');
    for (const target of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      '/bff/logout',
      'orders',
      '/orders\u007f',
      '/orders\u001b[2J',
      '/orders\u0000',
    ]) {
      expect(safeReturnTo(target), target).toBe('/');
    }
  });

  it('refuses up front a return_to that is not a page of this application: no flow starts, no session is made', async () => {
    const count = async (table: 'bff_login_flows' | 'bff_sessions') =>
      Number(
        (
          await kit.bffStore.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { flows: await count('bff_login_flows'), sessions: await count('bff_sessions') };
    for (const target of [
      '/orders\u007f',
      '/orders\u001b[2J',
      '/orders\u0000x',
      '//evil.example',
      '/bff/logout',
    ]) {
      const refused = await kit.browser().request(`/bff/login?return_to=${encodeURIComponent(target)}`);
      expect(refused.status, target).toBe(303);
      expect(refused.headers.get('location'), target).toBe('/sign-in?error=invalid_return_to');
      expect(refused.headers.get('content-security-policy'), target).toContain("frame-ancestors 'none'");
    }
    expect({ flows: await count('bff_login_flows'), sessions: await count('bff_sessions') }).toEqual(before);
    // Without one, or empty, the sign-in returns to the dashboard.
    expect((await kit.browser().request('/bff/login?return_to=')).status).toBe(302);
  });

  it('answers HEAD /bff/login with 405 and starts no sign-in', async () => {
    const before = await kit.bffStore.db
      .selectFrom('bff_login_flows')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const head = await kit.browser().request('/bff/login', { method: 'HEAD' });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET');
    const after = await kit.bffStore.db
      .selectFrom('bff_login_flows')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a callback from another browser, a replayed state and an unknown state', async () => {
    const victim = kit.browser();
    const attacker = kit.browser();
    // The attacker starts a sign-in and hands the victim the callback link.
    const login = await attacker.request('/bff/login');
    const posted = await attacker.chooseAccount(
      new URL(login.headers.get('location')!),
      'COMPRADOR_BELGRANO',
    );
    const callback = posted.headers.get('location')!;
    const forged = await victim.request(callback);
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe('/sign-in?error=invalid_state');
    expect(sessionCookie(victim)).toBeUndefined();
    // The state was spent by the refused attempt: even the right browser cannot use it now.
    const late = await attacker.request(callback);
    expect(late.headers.get('location')).toBe('/sign-in?error=invalid_state');
    expect(sessionCookie(attacker)).toBeUndefined();
    const unknown = await victim.request('/bff/callback?code=TG-x-1&state=nothing');
    expect(unknown.headers.get('location')).toBe('/sign-in?error=invalid_state');
  });

  it('a refused sign-in goes back to the sign-in page still knowing where the person was going', async () => {
    const browser = kit.browser();
    const login = await browser.request(`/bff/login?return_to=${encodeURIComponent('/orders/123?limit=10')}`);
    const state = new URL(login.headers.get('location')!).searchParams.get('state')!;
    const cancelled = await browser.request(`/bff/callback?error=access_denied&state=${state}`);
    const back = new URL(cancelled.headers.get('location')!, 'http://127.0.0.1');
    expect(back.pathname).toBe('/sign-in');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('return_to')).toBe('/orders/123?limit=10');
    // Signing in from there comes back to it.
    const done = await browser.signIn('TIENDA_PALERMO', back.searchParams.get('return_to')!);
    expect(done.headers.get('location')).toBe('/orders/123?limit=10');
  });

  it('reports a cancelled sign-in and an expired one', async () => {
    const browser = kit.browser();
    const login = await browser.request('/bff/login');
    const state = new URL(login.headers.get('location')!).searchParams.get('state')!;
    const cancelled = await browser.request(`/bff/callback?error=access_denied&state=${state}`);
    expect(cancelled.headers.get('location')).toBe('/sign-in?error=access_denied');

    const slow = kit.browser();
    const started = await slow.request('/bff/login');
    const posted = await slow.chooseAccount(new URL(started.headers.get('location')!), 'TIENDA_PALERMO');
    kit.advance(11 * 60_000);
    const expired = await slow.request(posted.headers.get('location')!);
    expect(expired.headers.get('location')).toBe('/sign-in?error=expired');
    expect(sessionCookie(slow)).toBeUndefined();
  });

  it('gives a new session id at every sign-in and keeps the earlier accounts (account switcher)', async () => {
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    const first = sessionCookie(browser)!;
    await browser.signIn('COMPRADORA_SAMPA');
    const second = sessionCookie(browser)!;
    expect(second).not.toBe(first);

    const view = await session(browser);
    expect(view.user?.nickname).toBe('COMPRADORA_SAMPA');
    expect(view.accounts.map((a) => [a.nickname, a.active])).toEqual([
      ['TIENDA_PALERMO', false],
      ['COMPRADORA_SAMPA', true],
    ]);
    // The old id names nothing any more.
    const stale = await browser.request('/bff/session', {
      headers: { cookie: `__Host-mostrador_session=${first}` },
    });
    expect(sessionSchema.parse(await stale.json()).user).toBeNull();

    const accounts = sessionAccountListSchema.parse(await (await browser.request('/bff/accounts')).json());
    expect(accounts.accounts).toHaveLength(2);

    const seller = kit.user('TIENDA_PALERMO');
    const activated = await browser.write(`/bff/accounts/${seller.id}/activate`);
    expect(activated.status).toBe(200);
    expect(sessionSchema.parse(await activated.json()).user?.user_id).toBe(seller.id);
    expect(userPrivateSchema.parse((await me(browser)).body).id).toBe(seller.id);

    await expectErrorBody(await browser.write('/bff/accounts/12345/activate'), 404, 'not_found');
    await expectErrorBody(await browser.write('/bff/accounts/abc/activate'), 400, 'bad_request');

    // Signing the same account in again replaces its tokens, it does not add a second row.
    await browser.signIn('TIENDA_PALERMO');
    expect((await session(browser)).accounts).toHaveLength(2);

    const removed = await browser.request(`/bff/accounts/${seller.id}`, {
      method: 'DELETE',
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(removed.status).toBe(200);
    const after = sessionSchema.parse(await removed.json());
    expect(after.accounts.map((a) => a.nickname)).toEqual(['COMPRADORA_SAMPA']);
    expect(after.user?.nickname).toBe('COMPRADORA_SAMPA');
    expectNoTokens(kit, [...browser.bodies, ...kit.logs]);
  });

  it('answers an anonymous /bff/session with no user, and account actions with 401', async () => {
    const browser = kit.browser();
    expect(await session(browser)).toEqual({ user: null, accounts: [], language: 'en' });
    expect(sessionAccountListSchema.parse(await (await browser.request('/bff/accounts')).json())).toEqual({
      accounts: [],
    });
    await expectErrorBody(await browser.write('/bff/accounts/1/activate'), 401, 'not_identified_user');
  });
});

describe('POST /bff/session', () => {
  it('signs in with a token the integrator holds, under a new session id, and never echoes it', async () => {
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    const before = sessionCookie(browser);
    const buyer = kit.user('COMPRADOR_POLANCO');
    const res = await browser.write('/bff/session', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: buyer.access_token }),
    });
    expect(res.status).toBe(200);
    const view = sessionSchema.parse(await res.json());
    expect(view.user?.user_id).toBe(buyer.id);
    expect(view.accounts).toHaveLength(2);
    expect(sessionCookie(browser)).not.toBe(before);
    expect(userPrivateSchema.parse((await me(browser)).body).id).toBe(buyer.id);
    expectNoTokens(kit, [...browser.bodies, ...browser.setCookieHeaders, ...kit.logs]);
  });

  it('refuses an invalid token with 401 and a malformed body with 400 or 415', async () => {
    const browser = kit.browser();
    const post = (body: string, type = 'application/json') =>
      browser.write('/bff/session', { headers: { 'content-type': type }, body });
    await expectErrorBody(
      await post(JSON.stringify({ access_token: 'APP_USR-1-010101-ff-1' })),
      401,
      'invalid_token',
    );
    await expectErrorBody(await post(JSON.stringify({ access_token: 'x', extra: 1 })), 400, 'bad_request');
    await expectErrorBody(await post(JSON.stringify({})), 400, 'bad_request');
    await expectErrorBody(await post('{"access_token":'), 400, 'bad_request');
    await expectErrorBody(
      await post('access_token=x', 'application/x-www-form-urlencoded'),
      415,
      'unsupported_media_type',
    );
    expect(sessionCookie(browser)).toBeUndefined();
  });
});

describe('POST /bff/logout', () => {
  it('ends the session on the server, clears the cookie and closes its event streams', async () => {
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    const cookie = sessionCookie(browser)!;
    const idHash = createHash('sha256').update(cookie).digest('hex');
    let closed = 0;
    const userId = kit.user('TIENDA_PALERMO').id;
    kit.bff.streams.register(idHash, { userId, close: () => closed++ });
    kit.bff.streams.register(idHash, { userId, close: () => closed++ });
    kit.bff.streams.register('another-session', { userId, close: () => (closed += 100) });

    const res = await browser.write('/bff/logout');
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(
      /^__Host-mostrador_session=; Max-Age=0; Path=\/; .*HttpOnly; Secure; SameSite=Strict/,
    );
    expect(closed).toBe(2);
    expect(kit.bff.streams.count('another-session')).toBe(1);

    // The old cookie, replayed, is nobody: no user, and /api goes without a token.
    const replay = { cookie: `__Host-mostrador_session=${cookie}` };
    const view = sessionSchema.parse(
      await (await browser.request('/bff/session', { headers: replay })).json(),
    );
    expect(view.user).toBeNull();
    await expectErrorBody(
      await browser.request('/api/users/me', { headers: replay }),
      401,
      'not_identified_user',
    );
    expect(await kit.bffStore.db.selectFrom('bff_accounts').selectAll().execute()).toEqual([]);
    expect(await kit.bffStore.db.selectFrom('bff_sessions').selectAll().execute()).toEqual([]);
  });

  it('is harmless without a session', async () => {
    expect((await kit.browser().write('/bff/logout')).status).toBe(204);
  });
});

describe('token refresh', () => {
  it('refreshes the token shortly before it ends, once for concurrent requests, and keeps working', async () => {
    const browser = kit.browser();
    await browser.signIn('BAZAR_COYOACAN');
    const grants = () => kit.upstream.filter((call) => call === 'POST /oauth/token').length;
    expect(grants()).toBe(1);
    kit.advance(5 * HOUR);
    expect((await me(browser)).status).toBe(200);
    expect(grants()).toBe(1);

    kit.advance(HOUR - 4 * 60_000);
    const results = await Promise.all(Array.from({ length: 5 }, () => me(browser)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(grants()).toBe(2);
    expect(kit.issued.size).toBe(4);

    // Past the first token's end, the refreshed one still serves.
    kit.advance(HOUR);
    expect((await me(browser)).status).toBe(200);
    expectNoTokens(kit, [...browser.bodies, ...kit.logs]);
  });

  it('refreshes in the background with maintain(), before anyone asks', async () => {
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    kit.advance(6 * HOUR - 60_000);
    expect(await kit.bff.sessions.maintain()).toEqual({ refreshed: 1, ended: 0 });
    expect(kit.issued.size).toBe(4);
    kit.advance(2 * HOUR);
    expect((await me(browser)).status).toBe(200);
  });

  it('drops an account whose grant ended, says so with session_expired and closes its event streams', async () => {
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    const seller = kit.user('TIENDA_PALERMO');
    const idHash = createHash('sha256').update(sessionCookie(browser)!).digest('hex');
    let closed = false;
    kit.bff.streams.register(idHash, { userId: seller.id, close: () => (closed = true) });
    // The seller revokes the application (with a token of their own).
    const revoked = await browser.request(`/api/users/${seller.id}/applications/${DEMO_APPLICATION_ID}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${seller.access_token}` },
    });
    expect(revoked.status).toBe(200);
    kit.advance(6 * HOUR);
    await expectErrorBody(await browser.request('/api/users/me'), 401, 'session_expired');
    expect(closed).toBe(true);
    expect(await session(browser)).toEqual({ user: null, accounts: [], language: 'en' });
  });
});

describe('session lifetime', () => {
  it('ends a session idle for 12 hours, and every session after 7 days', async () => {
    const idle = kit.browser();
    await idle.signIn('TIENDA_PALERMO');
    kit.advance(12 * HOUR);
    expect((await session(idle)).user).toBeNull();

    const busy = kit.browser();
    await busy.signIn('TIENDA_PALERMO');
    for (let hour = 0; hour < 7 * 24; hour += 6) {
      kit.advance(6 * HOUR);
      await session(busy);
    }
    expect((await session(busy)).user).toBeNull();
  });

  it('maintain() removes ended sessions and closes their streams', async () => {
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    const idHash = createHash('sha256').update(sessionCookie(browser)!).digest('hex');
    let closed = false;
    kit.bff.streams.register(idHash, { userId: kit.user('TIENDA_PALERMO').id, close: () => (closed = true) });
    kit.advance(13 * HOUR);
    expect((await kit.bff.sessions.maintain()).ended).toBe(1);
    expect(closed).toBe(true);
  });
});

describe('cookie flags by origin', () => {
  it('drops __Host- and Secure on plain HTTP off the loopback, and keeps them on HTTPS', async () => {
    const lan = await createKit({ publicOrigins: ['http://192.168.1.20:4000'] });
    const res = await lan.bff.app.request('http://192.168.1.20:4000/bff/login');
    const [line] = res.headers.getSetCookie();
    expect(line).toMatch(/^mostrador_login=/);
    expect(line).not.toMatch(/Secure/);

    const tls = await createKit({ publicOrigins: ['https://mostrador.example'] });
    const viaTls = await tls.bff.app.request('https://mostrador.example/bff/login');
    expect(viaTls.headers.getSetCookie()[0]).toMatch(/^__Host-mostrador_login=.*; Secure; SameSite=Lax/);
    expect(new URL(viaTls.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
      'https://mostrador.example/bff/callback',
    );
    // A forged Host is not answered at all (decision 0117), so it chooses no redirect URI.
    const forged = await tls.bff.app.request('http://evil.example/bff/login');
    expect(forged.status).toBe(421);
    expect(forged.headers.get('location')).toBeNull();
  });
});
