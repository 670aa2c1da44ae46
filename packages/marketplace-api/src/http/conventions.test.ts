import { optionsDescriptionSchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 120 });
});

function unwrapJsonp(text: string, name: string): [number, Record<string, string[]>, unknown] {
  expect(text.startsWith(`${name}([`)).toBe(true);
  expect(text.endsWith('])')).toBe(true);
  return JSON.parse(text.slice(name.length + 1, -1));
}

describe('JSONP (spec 4.6)', () => {
  it('wraps the status, the headers and the body, always with HTTP 200', async () => {
    const res = await api.get('/currencies/ARS?callback=foo');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript;charset=UTF-8');
    const [status, headers, body] = unwrapJsonp(await res.text(), 'foo');
    expect(status).toBe(200);
    // As the platform does (recorded response): the wrapper's headers describe the JSONP answer itself.
    expect(headers['Content-Type']).toEqual(['text/javascript;charset=UTF-8']);
    expect(body).toEqual({ id: 'ARS', description: 'Peso argentino', symbol: '$', decimal_places: 2 });
  });

  it('carries errors and partial answers inside the wrapper', async () => {
    const res = await api.get('/currencies/XXX?callback=app.handlers.currency');
    expect(res.status).toBe(200);
    const [status, , body] = unwrapJsonp(await res.text(), 'app.handlers.currency');
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'not_found', status: 404 });
    const order = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', api.sellers[0]!.id)
      .executeTakeFirstOrThrow();
    const unauth = await api.get(`/orders/${order.id}?callback=cb`);
    expect(unwrapJsonp(await unauth.text(), 'cb')[0]).toBe(401);
  });

  it('refuses callback names that are not identifiers', async () => {
    for (const name of ['alert(1)', '1abc', 'a b', '<script>', 'a..b', 'x'.repeat(80)]) {
      await expectError(
        await api.get(`/currencies?callback=${encodeURIComponent(name)}`),
        400,
        'bad_request',
      );
    }
  });
});

describe('attributes (spec 4.5)', () => {
  it('keeps only the named fields, element by element in lists', async () => {
    const list = (await api.json('/currencies?attributes=id,decimal_places')) as object[];
    expect(list[0]).toEqual({ id: expect.any(String), decimal_places: expect.any(Number) });
    const one = await api.json('/currencies/BRL?attributes=symbol');
    expect(one).toEqual({ symbol: 'R$' });
  });

  it('works with JSONP and on the order search envelope', async () => {
    const seller = api.sellers[0]!;
    const env = (await api.json(
      `/orders/search?seller=${seller.id}&attributes=paging`,
      seller.access_token,
    )) as object;
    expect(Object.keys(env)).toEqual(['paging']);
    const res = await api.get('/currencies/BRL?attributes=id&callback=cb');
    expect(unwrapJsonp(await res.text(), 'cb')[2]).toEqual({ id: 'BRL' });
  });

  it('rejects malformed field lists', async () => {
    await expectError(await api.get('/currencies?attributes=id,,symbol'), 400, 'bad_request');
    await expectError(await api.get('/currencies?attributes=id;drop'), 400, 'bad_request');
    // At most 100 names: at the cap it answers, one past it is refused naming the cap.
    const names = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 'id' : `f${i}`)).join(',');
    expect((await api.get(`/currencies?attributes=${names(100)}`)).status).toBe(200);
    const past = await expectError(await api.get(`/currencies?attributes=${names(101)}`), 400, 'bad_request');
    expect(past.message).toBe('attributes takes at most 100 field names');
  });
});

describe('OPTIONS (spec 4.4)', () => {
  it('describes every resource', async () => {
    for (const path of [
      '/currencies',
      '/currencies/ARS',
      '/orders/2000003456789012',
      '/orders/search',
      '/shipments/1',
      '/currency_conversions/search',
      '/orders/1/discounts',
      '/orders/1/product',
    ]) {
      const res = await api.app.request(path, { method: 'OPTIONS' });
      expect(res.status, path).toBe(200);
      const description = optionsDescriptionSchema.parse(await res.json());
      expect(description.methods.length, path).toBeGreaterThan(0);
      expect(Object.keys(description.attributes).length, path).toBeGreaterThan(0);
      expect(res.headers.get('allow')).toContain('GET');
    }
  });

  it('answers unknown resources with the error body', async () => {
    await expectError(await api.app.request('/nothing/here', { method: 'OPTIONS' }), 404, 'not_found');
  });
});

describe('errors and the OpenAPI document', () => {
  it('gives unknown routes and methods the error body', async () => {
    await expectError(await api.get('/no/such/resource'), 404, 'not_found');
    await expectError(
      await api.app.request('/currencies', { method: 'POST', body: '{}' }),
      405,
      'method_not_allowed',
    );
    await expectError(await api.app.request('/orders/1', { method: 'DELETE' }), 405, 'method_not_allowed');
  });

  it('publishes an OpenAPI 3.1 document of every resource', async () => {
    const doc = (await api.json('/openapi.json')) as { openapi: string; paths: Record<string, object> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/orders/{order_id}', '/orders/search', '/currencies']),
    );
  });

  it('never shows internals when something unexpected breaks', async () => {
    const broken = await seededApi({ orders: 10 });
    await broken.store.db.schema.alterTable('currencies').renameTo('currencies_gone').execute();
    const body = await expectError(await broken.get('/currencies'), 500, 'internal_error');
    expect(body.message).toBe('Internal server error');
  });
});

describe('tokens', () => {
  it('are stored hashed and stop working when expired', async () => {
    const rows = await api.store.db.selectFrom('access_tokens').select(['token_hash', 'user_id']).execute();
    for (const u of api.manifest.users) {
      expect(rows.some((r) => r.token_hash === u.access_token)).toBe(false);
      expect(rows.some((r) => r.token_hash.includes(u.access_token.slice(-20)))).toBe(false);
    }
    const seller = api.sellers[0]!;
    await api.store.db
      .updateTable('access_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', api.sellers[2]!.id)
      .execute();
    await expectError(
      await api.get(`/orders/search?seller=${api.sellers[2]!.id}`, api.sellers[2]!.access_token),
      401,
      'invalid_token',
    );
    expect((await api.get(`/orders/search?seller=${seller.id}`, seller.access_token)).status).toBe(200);
    await expectError(
      await api.get('/currencies', undefined, { authorization: 'Basic abc' }),
      401,
      'invalid_token',
    );
  });
});
