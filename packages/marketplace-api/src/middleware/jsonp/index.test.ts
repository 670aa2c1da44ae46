import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, seededApi, type TestApi, unwrapJsonp } from '../../test-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 120 });
});

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
