import { Writable } from 'node:stream';
import { createLogger } from '@mostrador/server-kit/logger';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../app.ts';
import { seededApi, type TestApi } from '../test-support.ts';

/**
 * `attributes` naming every field of an answer changes nothing: the same request, sent once as it is and once with
 * `attributes` naming every field of its answer, gets the same status, headers and body, refusals included.
 */
let api: TestApi;
let orderId: string;
beforeAll(async () => {
  api = await seededApi({ orders: 60 });
  const seller = api.sellers[0]!;
  const page = await api.get(`/orders/search?seller=${seller.id}&limit=1`, seller.access_token);
  orderId = String(((await page.json()) as { results: { id: number }[] }).results[0]!.id);
});

async function answer(path: string, init: RequestInit) {
  const res = await api.app.request(path, init);
  const text = await res.text();
  const headers = [...res.headers].filter(([name]) => name !== 'content-length');
  return { status: res.status, headers, text };
}

/** The request as it is, and with `attributes` naming every top-level field of that answer. */
async function bothWays(path: string, init: RequestInit = {}) {
  const plain = await answer(path, init);
  let fields = 'message,error,status,cause';
  try {
    const body = JSON.parse(plain.text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) fields = Object.keys(body).join(',');
  } catch {
    // Not JSON (no body): any field name will do.
  }
  const named = await answer(`${path}${path.includes('?') ? '&' : '?'}attributes=${fields}`, init);
  return { plain, named };
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('a request with and without attributes naming every field', () => {
  const cases: [string, () => [string, RequestInit]][] = [
    ['an order read', () => [`/orders/${orderId}`, bearer(api.sellers[0]!.access_token)]],
    [
      'the legacy form of it, refused to another seller',
      () => [`/orders/${orderId}`, bearer(api.sellers[1]!.access_token)],
    ],
    ['a read without a token', () => [`/orders/${orderId}`, {}]],
    ['an unknown token', () => [`/orders/${orderId}`, bearer('APP_USR-1-2-3-4')]],
    ['a malformed Authorization', () => [`/orders/${orderId}`, { headers: { authorization: 'Basic abc' } }]],
    ['a path no route takes, without a token', () => ['/nothing/here', {}]],
    ['a path no route takes, with an unknown token', () => ['/nothing/here', bearer('APP_USR-1-2-3-4')]],
    ['a path no route takes, with a token', () => ['/nothing/here', bearer(api.sellers[0]!.access_token)]],
    [
      'a method a parametric path does not serve',
      () => [`/orders/${orderId}`, { method: 'DELETE', ...bearer(api.sellers[0]!.access_token) }],
    ],
    [
      'a method a fixed path does not serve',
      () => ['/users/me', { method: 'DELETE', ...bearer(api.sellers[0]!.access_token) }],
    ],
    [
      'the same, with an unknown token',
      () => ['/users/me', { method: 'DELETE', ...bearer('APP_USR-1-2-3-4') }],
    ],
    [
      "the authorization server's own path, with an unknown token",
      () => ['/oauth/token', { method: 'GET', ...bearer('APP_USR-1-2-3-4') }],
    ],
    ['OPTIONS', () => [`/orders/${orderId}`, { method: 'OPTIONS' }]],
    ['an unknown query parameter', () => [`/orders/${orderId}?nope=1`, bearer(api.sellers[0]!.access_token)]],
    ['the token as a parameter', () => [`/users/me?access_token=${api.sellers[0]!.access_token}`, {}]],
  ];
  for (const [name, request] of cases) {
    it(`answers alike: ${name}`, async () => {
      const [path, init] = request();
      const { plain, named } = await bothWays(path, init);
      expect(named).toEqual(plain);
    });
  }

  it('answers what each case asks: the routes are not both wrong alike', async () => {
    const seller = api.sellers[0]!;
    expect((await answer(`/orders/${orderId}`, bearer(seller.access_token))).status).toBe(200);
    expect((await answer(`/orders/${orderId}`, bearer('APP_USR-1-2-3-4'))).status).toBe(401);
    expect((await answer('/nothing/here', {})).status).toBe(404);
    expect((await answer('/nothing/here', bearer('APP_USR-1-2-3-4'))).status).toBe(401);
    const fixed = await answer('/users/me', { method: 'DELETE', ...bearer(seller.access_token) });
    expect(fixed.status).toBe(405);
    expect(fixed.headers).toContainEqual(['allow', expect.stringContaining('GET')]);
    expect(
      (await answer(`/orders/${orderId}`, { method: 'DELETE', ...bearer(seller.access_token) })).status,
    ).toBe(405);
    expect((await answer('/oauth/token', { method: 'GET', ...bearer('APP_USR-1-2-3-4') })).status).toBe(405);
  });

  it('logs a path no route takes with the status it was answered, on either route', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = createMarketplaceApi({ store: api.store, logger: createLogger({ destination: stream }) });
    expect((await app.request('/nothing/here')).status).toBe(404);
    expect((await app.request('/nothing/here', bearer('APP_USR-1-2-3-4'))).status).toBe(401);
    expect((await app.request('/nothing/here?attributes=id')).status).toBe(404);
    expect((await app.request('/users/me', { method: 'DELETE' })).status).toBe(405);
    const statuses = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === 'request')
      .map((l) => l.status);
    expect(statuses).toEqual([404, 401, 404, 405]);
  });
});
