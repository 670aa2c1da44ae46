import { errorBodySchema, orderSchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../app.ts';
import { DEMO_APPLICATION_ID } from '../seed/generate.ts';
import { expectError, seededApi, type TestApi, unwrapJsonp } from '../test-support.ts';

let api: TestApi;
let seller: TestApi['sellers'][number];
beforeAll(async () => {
  api = await seededApi({ orders: 200 });
  seller = api.sellers[0]!;
});

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('one rule for query parameters (decisions 0135, 0276)', () => {
  it('ignores a name the operation does not take, on every operation: the answer is the one without it', async () => {
    for (const p of API_PATHS.filter((p) => !p.ownAuthentication)) {
      for (const method of p.methods) {
        const request = (query: string) =>
          api.app.request(`${concrete(p.path)}${query}`, {
            method,
            headers: { authorization: `Bearer ${seller.access_token}` },
          });
        // Writes are sent without a body: refused by their body, never by the stray name.
        const plain = await request('');
        const stray = await request('?bogus=1&include_attributes=all');
        expect(stray.status, `${method} ${p.path}`).toBe(plain.status);
        if (stray.status >= 400)
          expect(((await stray.json()) as { message: string }).message).not.toMatch(
            /bogus|include_attributes/,
          );
      }
    }
  });

  it('refuses a mistyped name of a dotted family the operation takes, naming it', async () => {
    const body = await expectError(
      await api.get(`/orders/search?seller=${seller.id}&order.stauts=paid`, seller.access_token),
      400,
      'bad_request',
    );
    expect(body.message).toBe('unknown parameter: order.stauts');
  });

  it('refuses a parameter given twice, the operation’s own as the common ones', async () => {
    const token = seller.access_token;
    for (const path of [
      `/orders/search?seller=${seller.id}&limit=5&limit=6`,
      `/myfeeds?app_id=${DEMO_APPLICATION_ID}&limit=5&limit=5`,
      '/currency_conversions/search?from=ARS&to=USD&to=BRL',
      '/currencies?attributes=id&attributes=symbol',
      `/users/me?access_token=${token}&access_token=${token}`,
    ]) {
      const body = await expectError(
        await api.get(path, path.includes('access_token') ? undefined : token),
        400,
        'bad_request',
      );
      expect(body.message, path).toMatch(/given more than once/);
    }
    // Two callbacks: plain JSON, since neither can be chosen.
    const twice = await api.get('/currencies?callback=a&callback=b');
    await expectError(twice, 400, 'bad_request');
  });

  it('accepts the common parameters and the JSONP libraries’ cache buster everywhere', async () => {
    const res = await api.get('/currencies/ARS?callback=cb&_=1700000000000&attributes=id');
    expect(unwrapJsonp(await res.text(), 'cb')).toEqual([200, expect.any(Object), { id: 'ARS' }]);
  });

  it('refuses values of the wrong type or range, naming the parameter and what it expects', async () => {
    const token = seller.access_token;
    const cases: [string, string][] = [
      [`/orders/search?seller=${seller.id}&limit=99`, 'limit: expected an integer from 1 to 51'],
      [`/orders/search?seller=${seller.id}&offset=-1`, 'offset: expected a non-negative integer'],
      [
        `/orders/search?seller=${seller.id}&feedback.status=bogus`,
        'feedback.status: expected a comma-separated list',
      ],
      [`/myfeeds?app_id=${DEMO_APPLICATION_ID}&limit=0`, 'limit: expected an integer from 1 to 100'],
      [`/myfeeds?app_id=${DEMO_APPLICATION_ID}&limit=x`, 'limit: expected an integer from 1 to 100'],
      ['/reviews/item/MLA1?limit=1000', 'limit: expected an integer from 1 to 100'],
    ];
    for (const [path, message] of cases) {
      const body = await expectError(await api.get(path, token), 400, 'bad_request');
      expect(body.message, path).toContain(message);
    }
  });

  it('names what an id identifies, and gives spec 7.2’s text for caller.id', async () => {
    const token = seller.access_token;
    const app = await expectError(await api.get('/myfeeds?app_id=abc', token), 400, 'bad_request');
    expect(app.cause).toEqual([{ code: 'invalid_app_id', message: 'app_id=abc is not an application id' }]);
    const path = await expectError(await api.get('/applications/abc', token), 400, 'bad_request');
    expect(path.cause).toEqual([
      { code: 'invalid_application_id', message: 'application_id=abc is not an application id' },
    ]);
    const other = api.sellers[1]!;
    const block = await expectError(
      await api.get(
        `/block-api/search/users/${seller.id}?type=blocked_by_order&caller.id=${other.id}`,
        token,
      ),
      403,
      'caller.id.invalid',
    );
    expect(block.message).toBe('caller.id does not match buyer nor seller.');
  });

  it('reads x-format-new as true or false in any case, and refuses anything else', async () => {
    const order = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('shipping_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const read = (value: string) =>
      api.get(`/orders/${order.id}`, seller.access_token, { 'x-format-new': value });
    expect(orderSchema.parse(await (await read('true')).json()).shipping).toEqual({ id: expect.any(Number) });
    const legacy = (await (await read('false')).json()) as { shipping: Record<string, unknown> };
    expect(Object.keys(legacy.shipping).length).toBeGreaterThan(1);
    for (const value of ['1', 'yes', '', 'truth']) {
      const body = errorBodySchema.parse(await (await read(value)).json());
      expect(body, value).toMatchObject({ status: 400, message: 'x-format-new must be true or false' });
    }
    const shipment = await api.get('/shipments/1', seller.access_token, { 'x-format-new': 'TRUEISH' });
    await expectError(shipment, 400, 'bad_request');
  });
});
