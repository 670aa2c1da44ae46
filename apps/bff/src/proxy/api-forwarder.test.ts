import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { errorBodySchema, sessionSchema, userPrivateSchema } from '@mostrador/contracts';
import {
  API_PATHS,
  configureOAuthClient,
  createMarketplaceApi,
  DEMO_APPLICATION_ID,
} from '@mostrador/marketplace-api';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SECRET, connection, createKit, expectNoTokens, type Kit, ORIGIN } from '../test-support.ts';
import { AUTHORIZATION_SERVER_PATHS, checkAllowlist } from './api-allowlist.ts';
import { createRemoteMarketplace } from './remote-marketplace.ts';

let kit: Kit;

beforeAll(async () => {
  kit = await createKit();
});

describe('the allowlist', () => {
  it.each([
    ['GET', '/orders/search', 'allowed'],
    ['GET', '/orders/2000001234', 'allowed'],
    ['OPTIONS', '/orders/2000001234', 'allowed'],
    ['HEAD', '/currencies', 'allowed'],
    ['PUT', '/users/1', 'allowed'],
    ['POST', '/users/1/order_blacklist', 'allowed'],
    ['DELETE', '/users/1/questions_blacklist/2', 'allowed'],
    ['POST', '/oauth/token', 'allowed'],
    ['POST', '/authorization', 'allowed'],
    ['DELETE', '/currencies', 'method_not_allowed'],
    ['PATCH', '/users/1', 'method_not_allowed'],
    ['GET', '/oauth/token', 'method_not_allowed'],
    ['GET', '/admin', 'not_found'],
    // Only the life cycle's POST /orders (decision 0041) is there: reads go through /orders/search.
    ['GET', '/orders', 'method_not_allowed'],
    ['POST', '/orders', 'allowed'],
    ['POST', '/orders/1/cancel', 'allowed'],
    ['POST', '/shipments/44100000001/delivery', 'allowed'],
    ['PUT', '/shipments/44100000001/delivery', 'method_not_allowed'],
    ['GET', '/myfeeds', 'allowed'],
    ['POST', '/applications/1/notifications/reactivate', 'allowed'],
    ['GET', '/orders/1/../../admin', 'not_found'],
    ['GET', '/users/1%2F..%2Fadmin', 'not_found'],
    ['GET', '/users/me/', 'not_found'],
  ])('%s %s is %s', (method, path, verdict) => {
    expect(checkAllowlist(method, path)).toBe(verdict);
  });

  it('lets through every operation the marketplace documents, and no other method', () => {
    for (const p of API_PATHS) {
      const path = p.path.replace(/\{[^}]+\}/g, '2000001234');
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        const documented = (p.methods as readonly string[]).includes(method);
        expect(checkAllowlist(method, path), `${method} ${p.path}`).toBe(
          documented ? 'allowed' : 'method_not_allowed',
        );
      }
      expect(checkAllowlist('OPTIONS', path)).toBe('allowed');
    }
    expect(AUTHORIZATION_SERVER_PATHS).toEqual(
      new Set(['/authorization', '/authorization.css', '/authorization-font.woff2', '/oauth/token']),
    );
  });

  it('is applied before anything reaches the marketplace', async () => {
    const browser = kit.browser();
    const calls = kit.upstream.length;
    const missing = await browser.request('/api/admin/users');
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(await missing.json()).error).toBe('not_found');
    const wrongMethod = await browser.request('/api/currencies', {
      method: 'DELETE',
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(wrongMethod.status).toBe(405);
    expect(kit.upstream.length).toBe(calls);
  });
});

describe('forwarding with the session', () => {
  it('attaches the active account token, and never hands the cookie to the marketplace', async () => {
    const seen: Headers[] = [];
    const spy = await createKit({
      marketplace: (embedded) => ({
        fetch(request) {
          seen.push(request.headers);
          return embedded.fetch(request);
        },
      }),
    });
    const browser = spy.browser();
    await browser.signIn('TIENDA_PALERMO');
    seen.length = 0;
    const res = await browser.request('/api/users/me');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(userPrivateSchema.parse(await res.json()).nickname).toBe('TIENDA_PALERMO');
    expect(seen[0]?.get('authorization')).toMatch(/^Bearer APP_USR-/);
    expect(seen[0]?.get('cookie')).toBeNull();
    expectNoTokens(spy, [...browser.bodies, ...spy.logs]);
  });

  it('passes a request with its own token through unchanged: the cookie does not authenticate it', async () => {
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    const buyer = kit.user('COMPRADOR_BELGRANO');
    const viaHeader = await browser.request('/api/users/me', {
      headers: { authorization: `Bearer ${buyer.access_token}` },
    });
    expect(userPrivateSchema.parse(await viaHeader.json()).id).toBe(buyer.id);
    const viaParameter = await browser.request(`/api/users/me?access_token=${buyer.access_token}`);
    expect(userPrivateSchema.parse(await viaParameter.json()).id).toBe(buyer.id);
    // A bad token of its own is refused, not rescued by the session.
    const bad = await browser.request('/api/users/me', { headers: { authorization: 'Bearer APP_USR-nope' } });
    expect(bad.status).toBe(401);
    expect(errorBodySchema.parse(await bad.json()).error).toBe('invalid_token');
  });

  it('goes without a token when there is no session', async () => {
    const res = await kit.browser().request('/api/users/me');
    expect(res.status).toBe(401);
    expect(errorBodySchema.parse(await res.json()).error).toBe('not_identified_user');
    expect((await kit.browser().request('/api/currencies')).status).toBe(200);
  });

  it('refuses cross-origin reads with the session (fetch metadata) and JSONP with the session', async () => {
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    for (const site of ['cross-site', 'same-site']) {
      const res = await browser.request('/api/users/me', { headers: { 'sec-fetch-site': site } });
      expect(res.status, site).toBe(403);
    }
    expect(
      (await browser.request('/api/users/me', { headers: { 'sec-fetch-site': 'same-origin' } })).status,
    ).toBe(200);
    const jsonp = await browser.request('/api/users/me?callback=steal');
    expect(jsonp.status).toBe(400);
    expect(await jsonp.text()).not.toContain('steal(');
    // JSONP with a token of its own is the platform's convention and works.
    const own = await browser.request(
      `/api/users/me?callback=cb&access_token=${kit.user('TIENDA_PALERMO').access_token}`,
    );
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/^cb\(\[200, /);
  });

  it('grants no CORS permission, even when asked', async () => {
    const res = await kit.browser().request('/api/users/me', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-requested-with',
      },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('what the browser gets through /api', () => {
  /** The three values of a JSONP answer, after checking the wrapper. */
  const unwrap = (text: string, name: string) => {
    expect(text.startsWith(`${name}([`) && text.endsWith('])'), text.slice(0, 80)).toBe(true);
    return JSON.parse(text.slice(name.length + 1, -1)) as [number, Record<string, string[]>, unknown];
  };

  it('answers the BFF’s own 404 and 405 as JSONP when asked, with Allow on the 405', async () => {
    const token = kit.user('TIENDA_PALERMO').access_token;
    for (const auth of [`&access_token=${token}`, '']) {
      const missing = await kit.browser().request(`/api/nope?callback=cb${auth}`);
      expect(missing.status).toBe(200);
      expect(missing.headers.get('content-type')).toBe('text/javascript;charset=UTF-8');
      const [status, , body] = unwrap(await missing.text(), 'cb');
      expect(status).toBe(404);
      expect(errorBodySchema.parse(body).error).toBe('not_found');
    }
    const root = await kit.browser().request('/api?callback=cb');
    expect(unwrap(await root.text(), 'cb')[0]).toBe(404);
    const wrong = await kit.browser().request('/api/currencies?callback=app.cb', {
      method: 'DELETE',
      headers: { 'x-requested-with': 'fetch' },
    });
    const [status, headers, body] = unwrap(await wrong.text(), 'app.cb');
    expect(status).toBe(405);
    expect(headers.Allow).toEqual(['GET, HEAD, OPTIONS']);
    expect(errorBodySchema.parse(body).error).toBe('method_not_allowed');
    // Without callback, plain JSON with Allow.
    const plain = await kit.browser().request('/api/currencies', {
      method: 'DELETE',
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(plain.status).toBe(405);
    expect(plain.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('reaches an order read without an id (400 empty_order_id) and every documented operation', async () => {
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    const empty = await browser.request('/api/orders/');
    expect(empty.status).toBe(400);
    expect(errorBodySchema.parse(await empty.json()).error).toBe('empty_order_id');
    // The chargeback and the delivery step are the marketplace's to answer (here: platform operations, 403).
    const shipment = await kit.store.db
      .selectFrom('shipments')
      .select(['id', 'order_id'])
      .where('seller_id', '=', kit.user('TIENDA_PALERMO').id)
      .executeTakeFirstOrThrow();
    for (const path of [
      `/api/orders/${shipment.order_id}/chargeback`,
      `/api/shipments/${shipment.id}/delivery`,
    ]) {
      const calls = kit.upstream.length;
      const res = await browser.write(path, { headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(kit.upstream.length, path).toBe(calls + 1);
      expect(res.status, path).not.toBe(404);
      expect(errorBodySchema.parse(await res.json()).error, path).not.toBe('not_found');
    }
  });

  it('points Location at /api, so a created order is found where the browser reaches the API', async () => {
    const browser = kit.browser();
    await browser.signIn('COMPRADOR_BELGRANO');
    const seller = kit.user('TIENDA_PALERMO');
    const item = await kit.store.db
      .selectFrom('items')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('available_quantity', '>', 0)
      .executeTakeFirstOrThrow();
    const created = await browser.write('/api/orders', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seller_id: seller.id, items: [{ id: item.id, quantity: 1 }] }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const { id } = (await created.json()) as { id: number };
    expect(location).toBe(`/api/orders/${id}`);
    const read = await browser.request(location);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { id: number }).id).toBe(id);
  });

  it('lets the locations keep their public cache policy, and nothing else', async () => {
    const browser = kit.browser();
    for (const who of ['anonymous', 'signed in']) {
      if (who === 'signed in') await browser.signIn('TIENDA_PALERMO');
      const res = await browser.request('/api/classified_locations/countries');
      expect(res.status, who).toBe(200);
      expect(res.headers.get('cache-control'), who).toBe('public, max-age=3600');
      expect((await browser.request('/api/currencies')).headers.get('cache-control'), who).toBe('no-store');
    }
    expect((await browser.request('/api/users/me')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('the embedded marketplace', () => {
  it('gets a request of its own with the session token, no cookie or host, at the path the browser used; its answer goes out as it is', async () => {
    const seen: { request: Request; url: string; names: string[] }[] = [];
    let answered: Response | undefined;
    const spy = await createKit({
      marketplace: (embedded) => ({
        async fetch(request) {
          seen.push({ request, url: request.url, names: [...request.headers.keys()] });
          answered = await embedded.fetch(request);
          return answered;
        },
      }),
    });
    const browser = spy.browser();
    await browser.signIn('TIENDA_PALERMO');
    seen.length = 0;
    const res = await browser.request('/api/users/me?attributes=id,nickname', {
      headers: { 'x-format-new': 'true' },
    });
    expect(res.status).toBe(200);
    // No copy on the way out: the handlers' own answer, with the BFF's headers added.
    expect(res).toBe(answered);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.json()).toEqual({ id: spy.user('TIENDA_PALERMO').id, nickname: 'TIENDA_PALERMO' });
    const [{ request, url, names }] = seen as [(typeof seen)[number]];
    expect(request).toBeInstanceOf(Request);
    expect(url).toBe(`${ORIGIN}/api/users/me?attributes=id,nickname`);
    expect(request.headers.get('Authorization')).toMatch(/^Bearer APP_USR-/);
    expect(request.headers.get('x-format-new')).toBe('true');
    for (const dropped of ['cookie', 'host', 'connection']) expect(request.headers.get(dropped)).toBeNull();
    expect(names).toContain('authorization');
    expect(names).not.toContain('cookie');
    expect(names).toEqual([...names].sort());
    expectNoTokens(spy, [...browser.bodies, ...spy.logs]);
  });

  it('gets a request that brings its own token and no cookie as it came; with a cookie, one of its own without it', async () => {
    const seen: Request[] = [];
    const spy = await createKit({
      marketplace: (embedded) => ({
        fetch(request) {
          seen.push(request);
          return embedded.fetch(request);
        },
      }),
    });
    const seller = spy.user('TIENDA_PALERMO');
    const own = { authorization: `Bearer ${seller.access_token}` };
    const incoming = new Request(`${ORIGIN}/api/users/me`, { headers: own });
    const res = await spy.bff.app.fetch(incoming, connection('198.51.100.7'));
    expect(userPrivateSchema.parse(await res.json()).id).toBe(seller.id);
    expect(seen.at(-1)).toBe(incoming);
    const withCookie = new Request(`${ORIGIN}/api/users/me`, { headers: { ...own, cookie: 'tracker=1' } });
    await spy.bff.app.fetch(withCookie, connection('198.51.100.7'));
    const handed = seen.at(-1)!;
    expect(handed).not.toBe(withCookie);
    expect(handed.url).toBe(`${ORIGIN}/api/users/me`);
    expect(handed.headers.get('authorization')).toBe(own.authorization);
    expect(handed.headers.get('cookie')).toBeNull();
  });

  it('keeps a request’s own token and hands its body to the handler that reads it', async () => {
    const kit = await createKit();
    const seller = kit.user('TIENDA_PALERMO');
    const buyer = kit.user('COMPRADOR_BELGRANO');
    const blocked = await kit.browser().request(`/api/users/${seller.id}/order_blacklist`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: buyer.id }),
    });
    expect(blocked.status).toBe(200);
    const list = await kit.browser().request(`/api/users/${seller.id}/order_blacklist`, {
      headers: { authorization: `Bearer ${seller.access_token}` },
    });
    expect(JSON.stringify(await list.json())).toContain(String(buyer.id));
  });

  it('writes one log line per request: the query of /api requests masked, the path alone elsewhere', async () => {
    const kit = await createKit();
    const seller = kit.user('TIENDA_PALERMO');
    const before = kit.logs.length;
    await kit.browser().request(`/api/users/me?access_token=${seller.access_token}&attributes=id`);
    await kit.browser().request('/bff/login?return_to=%2Forders');
    const lines = kit.logs
      .slice(before)
      .map((line) => JSON.parse(line) as { msg: string; path: string; query?: Record<string, string> });
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map(({ path, query }) => ({ path, query }))).toEqual([
      { path: '/api/users/me', query: { access_token: '[redacted]', attributes: 'id' } },
      { path: '/bff/login', query: undefined },
    ]);
    expectNoTokens(kit, kit.logs);
  });

  it('drops the headers a marketplace may not set on this origin', async () => {
    const kit = await createKit({
      marketplace: (embedded) => ({
        async fetch(request) {
          const res = await embedded.fetch(request);
          res.headers.set('Access-Control-Allow-Origin', '*');
          res.headers.append('Set-Cookie', 'tracker=1; Path=/');
          return res;
        },
      }),
    });
    const res = await kit.browser().request('/api/currencies/ARS');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await res.json()).toMatchObject({ id: 'ARS' });
  });

  it('answers 504 at the time limit while the handlers are still busy', async () => {
    let release: () => void = () => {};
    const kit = await createKit({
      limits: { timeoutMs: 50 },
      marketplace: (embedded) => ({
        async fetch(request) {
          if (new URL(request.url).pathname === '/api/currencies') {
            await new Promise<void>((resolve) => {
              release = resolve;
            });
          }
          return embedded.fetch(request);
        },
      }),
    });
    const res = await kit.browser().request('/api/currencies');
    expect(res.status).toBe(504);
    expect(errorBodySchema.parse(await res.json()).error).toBe('gateway_timeout');
    release();
  });
});

describe('remote mode: MARKETPLACE_BASE_URL', () => {
  let remote: Kit;
  let server: ReturnType<typeof serve>;
  let base: string;

  beforeAll(async () => {
    // A second, real HTTP server runs the marketplace; the BFF reaches it only through the network.
    const platform = await createKit();
    const hostile = new Hono();
    // A remote platform that tries to grant CORS and set cookies on the BFF's origin.
    hostile.use('*', async (c, next) => {
      await next();
      c.res.headers.set('Access-Control-Allow-Origin', '*');
      c.res.headers.append('Set-Cookie', 'tracker=1; Path=/');
    });
    hostile.all('*', (c) => createMarketplaceApi({ store: platform.store }).fetch(c.req.raw));
    server = serve({ fetch: hostile.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await configureOAuthClient(platform.store, {
      applicationId: DEMO_APPLICATION_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [`${ORIGIN}/bff/callback`],
    });
    remote = await createKit({
      marketplace: () => createRemoteMarketplace(base, { timeoutMs: 30_000 }),
      authorizationUrl: `${base}/authorization`,
    });
    remote.manifest = platform.manifest;
  });

  afterAll(() => {
    server.close();
  });

  it('answers 504 when the platform does not answer within the time limit', async () => {
    // A platform that takes every connection and never answers.
    const silent = createServer(() => {});
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    try {
      const kit = await createKit({
        limits: { timeoutMs: 50 },
        marketplace: () =>
          createRemoteMarketplace(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, {
            timeoutMs: 50,
          }),
      });
      for (let i = 0; i < 5; i++) {
        const res = await kit.browser().request('/api/currencies');
        expect(res.status).toBe(504);
        expect(errorBodySchema.parse(await res.json()).error).toBe('gateway_timeout');
      }
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('signs in through the remote platform and forwards /api to it with the session token', async () => {
    const browser = remote.browser();
    const login = await browser.request('/bff/login');
    const authorize = new URL(login.headers.get('location')!);
    expect(authorize.origin).toBe(base);
    const posted = await browser.chooseAccount(authorize, 'LOJA_PINHEIROS');
    const callback = new URL(posted.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${ORIGIN}/bff/callback`);
    const done = await browser.request(callback.toString());
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/');

    const view = sessionSchema.parse(await (await browser.request('/bff/session')).json());
    expect(view.user?.nickname).toBe('LOJA_PINHEIROS');
    const res = await browser.request('/api/users/me');
    expect(res.status).toBe(200);
    expect(userPrivateSchema.parse(await res.json()).nickname).toBe('LOJA_PINHEIROS');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(remote.issued.size).toBe(2);
    expectNoTokens(remote, [...browser.bodies, ...browser.setCookieHeaders, ...remote.logs]);
  });

  it('refreshes through the remote platform', async () => {
    const browser = remote.browser();
    const login = await browser.request('/bff/login');
    const posted = await browser.chooseAccount(new URL(login.headers.get('location')!), 'TIENDA_PALERMO');
    await browser.request(posted.headers.get('location')!);
    const before = remote.issued.size;
    remote.advance(6 * 3_600_000 - 60_000);
    const res = await browser.request('/api/users/me');
    expect(res.status).toBe(200);
    expect(remote.issued.size).toBe(before + 2);
  });
});
