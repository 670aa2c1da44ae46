import { Writable } from 'node:stream';
import { createLogger, REDACTED } from '@mostrador/server-kit/logger';
import { describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../app.ts';
import { seededApi } from '../test-support.ts';

/** A destination that keeps every line written. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

describe('request log of the API', () => {
  it('writes one line per request with method, masked path, status and duration, and no body', async () => {
    const api = await seededApi({ orders: 60 });
    const out = capture();
    const errors: unknown[] = [];
    const app = createMarketplaceApi({
      store: api.store,
      logger: createLogger({ destination: out.stream }),
      onUnexpectedError: (e) => errors.push(e),
    });
    const seller = api.sellers[0]!;
    const me = await app.request(`/orders/search?seller=${seller.id}&access_token=${seller.access_token}`);
    expect(me.status).toBe(200);
    const meBody = await me.text();
    await app.request('/classified_locations/cities/NOPE?callback=cb');
    await app.request('/orders/1', { headers: { authorization: `Bearer ${seller.access_token}` } });

    const lines = out.lines.map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/orders/search',
      query: { seller: String(seller.id), access_token: REDACTED },
      status: 200,
    });
    expect(lines[0].duration_ms).toEqual(expect.any(Number));
    expect(lines[1]).toMatchObject({
      path: '/classified_locations/cities/NOPE',
      query: { callback: 'cb' },
      status: 200,
    });
    expect(lines[2]).toMatchObject({ path: '/orders/1', status: 404 });
    const text = out.text();
    expect(text).not.toContain(seller.access_token);
    expect(text).not.toContain(seller.access_token.slice(8, 40));
    // Nothing of the answer: not the buyers' nicknames, not the order ids it listed.
    const firstOrderId = String(JSON.parse(meBody).results[0].id);
    expect(text).not.toContain(firstOrderId);
    expect(errors).toEqual([]);
  });

  it('logs a query asked again as it logged it the first time, its secrets and search terms still masked', async () => {
    const api = await seededApi({ orders: 20 });
    const out = capture();
    const app = createMarketplaceApi({ store: api.store, logger: createLogger({ destination: out.stream }) });
    const seller = api.sellers[0]!;
    const url = (q: string) =>
      `/orders/search?seller=${seller.id}&q=${q}&access_token=${seller.access_token}`;
    for (const q of ['11%204567-8901', '11%204567-8901', 'camara'])
      expect((await app.request(url(q))).status).toBe(200);
    const queries = out.lines.map((l) => JSON.parse(l).query);
    expect(queries[0]).toEqual({ seller: String(seller.id), q: REDACTED, access_token: REDACTED });
    expect(queries[1]).toEqual(queries[0]);
    expect(queries[2]).toEqual(queries[0]);
    expect(out.text()).not.toMatch(/4567|camara/);
  });

  it('logs an unexpected error without its request data', async () => {
    const api = await seededApi({ orders: 30 });
    const out = capture();
    const app = createMarketplaceApi({ store: api.store, logger: createLogger({ destination: out.stream }) });
    // Break the store under the app: the read fails in a way no input can cause.
    await api.store.db.schema.dropTable('location_neighborhoods').execute();
    // `_` (a JSONP library's cache buster) takes any value: the one parameter this resource accepts as free text.
    const res = await app.request(
      '/classified_locations/neighborhoods/TUxBQkNBQjM4MDda?_=secret.person@mail.com',
    );
    expect(res.status).toBe(500);
    const lines = out.lines.map((l) => JSON.parse(l));
    expect(lines.map((l) => l.msg)).toEqual(['unexpected error', 'request']);
    expect(lines[0].level).toBe('error');
    expect(lines[0].err.message).toEqual(expect.any(String));
    expect(out.text()).not.toContain('secret.person@mail.com');
  });

  it('masks by decoded parameter name: an encoded token, the sign-in flow’s state and PKCE values, a phone in q', async () => {
    const api = await seededApi({ orders: 30 });
    const out = capture();
    const app = createMarketplaceApi({ store: api.store, logger: createLogger({ destination: out.stream }) });
    const seller = api.sellers[0]!;
    const encoded = seller.access_token.replace(/_/g, '%5F');
    const served = await app.request(`/orders/search?seller=${seller.id}&access%5Ftoken=${encoded}`);
    expect(served.status).toBe(200);
    await app.request(
      '/authorization?response_type=code&client_id=5503910054141466&state=st4te-canary-0123456789&code_challenge=ch4llenge-canary-0123456789abcdefghijklmnop&code_challenge_method=S256&redirect_uri=http%3A%2F%2F127.0.0.1%3A3000%2Fbff%2Fcallback',
    );
    for (const phone of ['1155550199', '+54 11 5555-0199', '(011) 5555.0199'])
      await app.request(`/orders/search?seller=${seller.id}&q=${encodeURIComponent(phone)}`, {
        headers: { authorization: `Bearer ${seller.access_token}` },
      });
    await app.request(`/orders/search?seller=${seller.id}&q=canary.person%40example.org`, {
      headers: { authorization: `Bearer ${seller.access_token}` },
    });
    await app.request(`/orders/search?seller=${seller.id}&q=2000008000012345`, {
      headers: { authorization: `Bearer ${seller.access_token}` },
    });
    await app.request(`/orders/search?seller=${seller.id}&q=TIENDA`, {
      headers: { authorization: `Bearer ${seller.access_token}` },
    });
    const text = out.text();
    for (const secret of [
      seller.access_token.slice(8, 40),
      encoded.slice(8, 40),
      'APP%5FUSR',
      'st4te-canary',
      'ch4llenge-canary',
      '5555',
      '55550199',
      'canary.person',
      'TIENDA',
    ])
      expect(text, secret).not.toContain(secret);
    const lines = out.lines.map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({
      path: '/orders/search',
      query: { access_token: REDACTED },
      status: 200,
    });
    expect(lines[1]).toMatchObject({
      path: '/authorization',
      query: { state: REDACTED, code_challenge: REDACTED, code_challenge_method: 'S256' },
    });
    // Whatever a search asks for, a name, a nickname or an order id, the log says only that it asked.
    expect(lines.at(-2)).toMatchObject({ query: { seller: String(seller.id), q: REDACTED } });
    expect(lines.at(-1)).toMatchObject({ query: { seller: String(seller.id), q: REDACTED } });
    expect(lines.every((l: { path: string }) => !l.path.includes('?'))).toBe(true);
  });

  it('writes no request line when the server in front writes them, and still logs its unexpected errors', async () => {
    const api = await seededApi({ orders: 30 });
    const out = capture();
    const app = createMarketplaceApi({
      store: api.store,
      logger: createLogger({ destination: out.stream }),
      requestLog: false,
    });
    expect((await app.request('/currencies')).status).toBe(200);
    await api.store.db.schema.dropTable('location_neighborhoods').execute();
    expect((await app.request('/classified_locations/neighborhoods/TUxBQkNBQjM4MDda')).status).toBe(500);
    expect(out.lines.map((l) => JSON.parse(l).msg)).toEqual(['unexpected error']);
  });
});
