import { errorBodySchema, sessionSchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createKit, type Kit, ORIGIN } from '../test-support.ts';

let kit: Kit;
let browser: Browser;
let sellerId: number;

beforeAll(async () => {
  kit = await createKit();
  browser = kit.browser();
  await browser.signIn('TIENDA_PALERMO');
  sellerId = kit.user('TIENDA_PALERMO').id;
});

const signedIn = async () =>
  sessionSchema.parse(await (await browser.request('/bff/session')).json()).user?.nickname ===
  'TIENDA_PALERMO';

async function expectRefused(res: Response) {
  expect(res.status).toBe(403);
  expect(errorBodySchema.parse(await res.json()).error).toBe('forbidden');
}

describe('CSRF: state-changing requests that rely on the session cookie', () => {
  const writes: [string, string, string?][] = [
    ['POST', '/bff/logout'],
    ['POST', '/bff/session', '{"access_token":"x"}'],
    ['POST', '/bff/accounts/1/activate'],
    ['DELETE', '/bff/accounts/1'],
    ['PUT', '/api/users/1', '{"nickname":"x"}'],
    ['POST', '/api/users/1/order_blacklist', '{"user_id":2}'],
  ];

  it.each(writes)('%s %s without X-Requested-With is refused with 403', async (method, path, body) => {
    await expectRefused(
      await browser.request(path, { method, body, headers: { 'content-type': 'application/json' } }),
    );
    expect(await signedIn()).toBe(true);
  });

  it.each(writes)(
    '%s %s from another origin is refused even with X-Requested-With',
    async (method, path, body) => {
      for (const origin of ['https://evil.example', 'http://127.0.0.1:4001', 'null']) {
        await expectRefused(
          await browser.request(path, {
            method,
            body,
            headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', origin },
          }),
        );
      }
      expect(await signedIn()).toBe(true);
    },
  );

  it('lets a same-origin write through, with or without an Origin header', async () => {
    const seller = await browser.request(`/bff/accounts/${sellerId}/activate`, {
      method: 'POST',
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(seller.status).toBe(200);
    const withOrigin = await browser.write(`/bff/accounts/${sellerId}/activate`);
    expect(withOrigin.status).toBe(200);
    const viaLocalhost = await browser.request(`/bff/accounts/${sellerId}/activate`, {
      method: 'POST',
      headers: { 'x-requested-with': 'fetch', origin: 'http://localhost:4000' },
    });
    expect(viaLocalhost.status).toBe(200);
  });

  it('does not apply to a request that brings its own token, which the cookie never authenticates', async () => {
    const buyer = kit.user('COMPRADOR_BELGRANO');
    const res = await browser.request(`/api/users/${sellerId}/order_blacklist`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${buyer.access_token}`,
        'content-type': 'application/json',
        origin: 'https://evil.example',
      },
      body: JSON.stringify({ user_id: buyer.id }),
    });
    // Authenticated as the buyer (not the seller of the cookie): the marketplace refuses the buyer.
    expect(res.status).toBe(403);
    expect(errorBodySchema.parse(await res.json()).message).not.toMatch(/cross-origin|X-Requested-With/);
    // A logout that brings a token is not the cookie's logout.
    const logout = await browser.write(`/bff/logout?access_token=${buyer.access_token}`);
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie()).toEqual([]);
    expect(await signedIn()).toBe(true);
  });

  it('lets a write to /api with no credential at all reach the marketplace: 401 not_identified_user', async () => {
    const stranger = kit.browser();
    for (const origin of [undefined, 'https://evil.example']) {
      const res = await stranger.request(`/api/users/${sellerId}/order_blacklist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify({ user_id: kit.user('COMPRADOR_BELGRANO').id }),
      });
      expect(res.status).toBe(401);
      expect(errorBodySchema.parse(await res.json()).error).toBe('not_identified_user');
    }
    // The BFF's own routes still meet the checks without a session.
    await expectRefused(await stranger.request('/bff/logout', { method: 'POST' }));
  });

  it("meets the BFF's own routes whatever token the request brings: no login CSRF", async () => {
    const buyer = kit.user('COMPRADOR_BELGRANO');
    const body = JSON.stringify({ access_token: buyer.access_token });
    const ways: [string, Record<string, string>][] = [
      [`/bff/session?access_token=${buyer.access_token}`, {}],
      ['/bff/session?access_token=', {}],
      ['/bff/session', { authorization: `Bearer ${buyer.access_token}` }],
    ];
    for (const [path, headers] of ways) {
      const headerSets: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'https://evil.example', 'x-requested-with': 'fetch' },
        {},
      ];
      for (const extra of headerSets) {
        const res = await browser.request(path, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', ...headers, ...extra },
        });
        expect(res.status, `${path} ${JSON.stringify(extra)}`).toBe(403);
        expect(res.headers.getSetCookie()).toEqual([]);
        expect(errorBodySchema.parse(await res.json()).error).toBe('forbidden');
      }
    }
    for (const path of ['/bff/logout?access_token=x', `/bff/accounts/${sellerId}/activate?access_token=x`]) {
      await expectRefused(
        await browser.request(path, { method: 'POST', headers: { origin: 'https://evil.example' } }),
      );
    }
    expect(await signedIn()).toBe(true);
  });

  it("lets the platform's sign-in form post same-origin without the header, but not cross-origin", async () => {
    const crossOrigin = await browser.request('/api/authorization', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'client_id=1',
    });
    await expectRefused(crossOrigin);
    const sameOrigin = await browser.request('/api/authorization', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: 'client_id=1',
    });
    // The marketplace itself answers (unknown client), not the CSRF guard.
    expect(sameOrigin.status).toBe(400);
    expect(sameOrigin.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('leaves safe methods alone', async () => {
    expect(
      (await browser.request('/api/currencies', { headers: { origin: 'https://evil.example' } })).status,
    ).toBe(200);
  });
});

describe('Host check (DNS rebinding)', () => {
  it('answers only the application’s own host names; the health check answers any', async () => {
    const kit = await createKit();
    const rebound = await kit.bff.app.request('http://127.0.0.1:4000/bff/session', {
      headers: { host: 'attacker.example:4000' },
    });
    expect(rebound.status).toBe(421);
    expect(await rebound.json()).toMatchObject({ error: 'bad_request', status: 421 });
    const login = await kit.bff.app.request('http://127.0.0.1:4000/bff/login', {
      headers: { host: 'rebound.example' },
    });
    expect(login.status).toBe(421);
    for (const host of ['127.0.0.1:4000', 'localhost:4000', 'LOCALHOST:4000']) {
      const own = await kit.bff.app.request('http://127.0.0.1:4000/bff/session', { headers: { host } });
      expect(own.status, host).toBe(200);
    }
    const health = await kit.bff.app.request('http://10.0.0.7:4000/bff/health', {
      headers: { host: '10.0.0.7' },
    });
    expect(health.status).toBe(200);
  });
});
