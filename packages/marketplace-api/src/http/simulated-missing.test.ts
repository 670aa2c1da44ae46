import { partialOrderSchema, partialUserPrivateSchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../app.ts';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
let deployed: ReturnType<typeof createMarketplaceApi>;
beforeAll(async () => {
  api = await seededApi({ orders: 60, localUse: true });
  deployed = createMarketplaceApi({ store: api.store });
});

describe('a partial answer on request, in local use (decision 0137)', () => {
  it('answers 206 with the members asked for empty and named in X-Content-Missing', async () => {
    const seller = api.sellers[0]!;
    const { id } = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', seller.id)
      .executeTakeFirstOrThrow();
    const res = await api.get(`/orders/${id}`, seller.access_token, {
      'x-format-new': 'true',
      'x-simulate-content-missing': 'buyer, feedback',
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('x-content-missing')).toBe('buyer,feedback');
    const order = partialOrderSchema.parse(await res.json());
    expect(order.buyer).toEqual({});
    expect(order.feedback).toEqual({});
    expect(order.seller).toMatchObject({ id: String(seller.id) });

    const me = await api.get('/users/me', seller.access_token, {
      'x-simulate-content-missing': 'buyer_reputation',
    });
    expect(me.status).toBe(206);
    expect(me.headers.get('x-content-missing')).toBe('buyer_reputation');
    expect(partialUserPrivateSchema.parse(await me.json()).buyer_reputation).toEqual({});
  });

  it('refuses members the resource does not have', async () => {
    const seller = api.sellers[0]!;
    await expectError(
      await api.get('/users/me', seller.access_token, { 'x-simulate-content-missing': 'feedback' }),
      400,
      'bad_request',
    );
  });

  it('is ignored outside local use, as a platform that does not know it would', async () => {
    const seller = api.sellers[0]!;
    const res = await deployed.request('/users/me', {
      headers: {
        authorization: `Bearer ${seller.access_token}`,
        'x-simulate-content-missing': 'seller_reputation',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-missing')).toBeNull();
  });
});
