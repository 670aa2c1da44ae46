import {
  blocklistEntrySchema,
  blockSearchPageSchema,
  orderDiscountsSchema,
  orderSchema,
  orderSearchEnvelopeSchema,
  reviewsPageSchema,
} from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

/**
 * The spec's literal forms (decision 0275): where its wording admits a reading the API used to refuse, the API
 * answers it too when the token says who is who. Run on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let api: TestApi;
let seller: TestApi['sellers'][number];
let otherSeller: TestApi['sellers'][number];
let buyer: TestApi['buyers'][number];

beforeAll(async () => {
  api = await seededApi({ orders: 300 });
  [seller, otherSeller] = [api.sellers[0]!, api.sellers[1]!];
  buyer = api.buyers[0]!;
});

function send(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  return api.app.request(path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const blocked = (sellerId: number, buyerId: number, type: 'order' | 'questions') =>
  api.store.db
    .selectFrom('user_blocks')
    .select('user_id')
    .where('seller_id', '=', sellerId)
    .where('user_id', '=', buyerId)
    .where('type', '=', type)
    .executeTakeFirst()
    .then((row) => row !== undefined);

const ownOrder = () =>
  api.store.db
    .selectFrom('orders')
    .select(['id', 'buyer_id'])
    .where('seller_id', '=', seller.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();

describe('GET /block-api/search/users/{user_id}: the path user as the buyer (spec 4.3)', () => {
  it('answers whether the buyer in the path is blocked by the seller that caller.id names', async () => {
    const token = otherSeller.access_token;
    const add = await send('POST', `/users/${otherSeller.id}/questions_blacklist`, token, {
      user_id: buyer.id,
    });
    expect(add.status).toBe(200);
    const page = blockSearchPageSchema.parse(
      await api.json(
        `/block-api/search/users/${buyer.id}?type=blocked_by_questions&caller.id=${otherSeller.id}`,
        token,
      ),
    );
    expect(page.users.map((u) => u.id)).toEqual([buyer.id]);
    expect(page.paging).toEqual({ offset: 0, limit: 10, total: 1 });
    // Not blocked from buying: an empty page, as the spec answers "no blocks".
    const none = blockSearchPageSchema.parse(
      await api.json(
        `/block-api/search/users/${buyer.id}?type=blocked_by_order&caller.id=${otherSeller.id}`,
        token,
      ),
    );
    expect(none).toEqual({ users: [], paging: { offset: 0, limit: 10, total: 0 } });
  });

  it('still reads the path user as the seller when it is the caller, and lists its blocks', async () => {
    const page = blockSearchPageSchema.parse(
      await api.json(
        `/block-api/search/users/${seller.id}?type=blocked_by_order&caller.id=${seller.id}`,
        seller.access_token,
      ),
    );
    expect(page.paging.total).toBeGreaterThan(1);
  });

  it('refuses a caller.id that is not the caller, and a buyer that does not exist', async () => {
    await expectError(
      await api.get(
        `/block-api/search/users/${buyer.id}?type=blocked_by_order&caller.id=${seller.id}`,
        otherSeller.access_token,
      ),
      403,
      'caller.id.invalid',
    );
    await expectError(
      await api.get(
        `/block-api/search/users/4242?type=blocked_by_order&caller.id=${otherSeller.id}`,
        otherSeller.access_token,
      ),
      404,
      'not_found',
    );
  });
});

describe('DELETE /users/{customer_id}/order_blacklist/{seller_id} (spec 4.3)', () => {
  it('removes the block in the spec’s order, the buyer first, as in the present one', async () => {
    const token = otherSeller.access_token;
    for (const path of [
      `/users/${buyer.id}/order_blacklist/${otherSeller.id}`,
      `/users/${otherSeller.id}/order_blacklist/${buyer.id}`,
    ]) {
      await send('POST', `/users/${otherSeller.id}/order_blacklist`, token, { user_id: buyer.id });
      expect(await blocked(otherSeller.id, buyer.id, 'order'), path).toBe(true);
      const res = await send('DELETE', path, token);
      expect(res.status, path).toBe(200);
      expect(blocklistEntrySchema.parse(await res.json())).toEqual({
        user: { id: buyer.id, blocked: false },
      });
      expect(await blocked(otherSeller.id, buyer.id, 'order'), path).toBe(false);
    }
  });

  it('lets neither order reach a seller the token does not stand for', async () => {
    await send('POST', `/users/${otherSeller.id}/order_blacklist`, otherSeller.access_token, {
      user_id: buyer.id,
    });
    await expectError(
      await send('DELETE', `/users/${buyer.id}/order_blacklist/${otherSeller.id}`, seller.access_token),
      403,
      'forbidden',
    );
    // The buyer's own token names the buyer's own list first: the present reading, where it blocked nobody.
    const own = await send(
      'DELETE',
      `/users/${buyer.id}/order_blacklist/${otherSeller.id}`,
      buyer.access_token,
    );
    expect(await own.json()).toEqual({ user: { id: otherSeller.id, blocked: false } });
    expect(await blocked(otherSeller.id, buyer.id, 'order')).toBe(true);
  });
});

describe('caller.id wherever a caller may name itself (spec 5.2, 7.2)', () => {
  it('is accepted on the order reads when it is the caller, and answered caller.id.invalid otherwise', async () => {
    const order = await ownOrder();
    const token = seller.access_token;
    const reads = [
      `/orders/${order.id}`,
      `/orders/${order.id}/product`,
      `/orders/${order.id}/discounts`,
      `/orders/${order.id}/feedback`,
      `/orders/search?seller=${seller.id}&limit=1`,
    ];
    for (const path of reads) {
      const sep = path.includes('?') ? '&' : '?';
      const own = await api.get(`${path}${sep}caller.id=${seller.id}`, token);
      expect(own.status, path).toBe(200);
      const body = await expectError(
        await api.get(`${path}${sep}caller.id=${order.buyer_id}`, token),
        403,
        'caller.id.invalid',
      );
      expect(body.message).toBe('caller.id does not match buyer nor seller.');
    }
    // The buyer names itself on its own order.
    const buyerToken = api.manifest.users.find((u) => u.id === Number(order.buyer_id))?.access_token;
    if (buyerToken) {
      const res = await api.get(`/orders/${order.id}?caller.id=${order.buyer_id}`, buyerToken);
      expect(res.status).toBe(200);
    }
  });

  it('is accepted on other resources a caller reads, and needs a token to name anyone', async () => {
    expect((await api.get(`/users/me?caller.id=${seller.id}`, seller.access_token)).status).toBe(200);
    await expectError(
      await api.get(`/users/me?caller.id=${buyer.id}`, seller.access_token),
      403,
      'caller.id.invalid',
    );
    await expectError(
      await api.get(`/users/${seller.id}?caller.id=${seller.id}`),
      401,
      'not_identified_user',
    );
  });
});

describe('x-format-new read without regard to case (spec 9)', () => {
  it('takes TRUE, True and FALSE as true and false', async () => {
    const order = await ownOrder();
    const read = (value: string) =>
      api.json<Record<string, unknown>>(`/orders/${order.id}`, seller.access_token, {
        'x-format-new': value,
      });
    const fresh = orderSchema.parse(await read('true'));
    expect(orderSchema.parse(await read('TRUE'))).toEqual(fresh);
    expect(orderSchema.parse(await read('True'))).toEqual(fresh);
    expect(await read('FALSE')).toEqual(await read('false'));
    await expectError(
      await api.get(`/orders/${order.id}`, seller.access_token, { 'x-format-new': 'yes' }),
      400,
      'bad_request',
    );
  });
});

describe('parameters the spec does not list (decision 0276)', () => {
  it('ignores what the platform’s own clients add, and still refuses ill-typed or repeated known ones', async () => {
    const order = await ownOrder();
    const token = seller.access_token;
    for (const path of [
      `/orders/${order.id}?include_attributes=all`,
      `/orders/search?seller=${seller.id}&limit=2&include_attributes=all&_=1700000000000&t=1700000000000`,
      `/users/me?nocache=8f2a`,
      '/currencies/ARS?include_attributes=all',
      `/block-api/search/users/${seller.id}?type=blocked_by_order&caller.id=${seller.id}&include_attributes=all`,
    ]) {
      expect((await api.get(path, token)).status, path).toBe(200);
    }
    const ignored = await api.json<{ paging: unknown }>(
      `/orders/search?seller=${seller.id}&limit=2&cb=1`,
      token,
    );
    expect(ignored.paging).toEqual(
      (await api.json<{ paging: unknown }>(`/orders/search?seller=${seller.id}&limit=2`, token)).paging,
    );
    await expectError(
      await api.get(`/orders/search?seller=${seller.id}&limit=x&cb=1`, token),
      400,
      'bad_request',
    );
    await expectError(
      await api.get(`/orders/search?seller=${seller.id}&limit=2&limit=3`, token),
      400,
      'bad_request',
    );
  });
});

describe('recorded shapes', () => {
  it('answers helpful_reviews as a list, as the recorded review answers do', async () => {
    const reviewed = await api.store.db.selectFrom('reviews').select('item_id').executeTakeFirstOrThrow();
    const page = reviewsPageSchema.parse(await api.json(`/reviews/item/${reviewed.item_id}`));
    expect(page.helpful_reviews).toEqual([]);
  });
});

describe('the seed’s prices (decision 0278)', () => {
  it('shows a full unit price above the unit price only on orders a campaign discounted', async () => {
    const token = seller.access_token;
    let campaigns = 0;
    let plain = 0;
    for (let offset = 0; ; offset += 51) {
      const page = orderSearchEnvelopeSchema.parse(
        await api.json(`/orders/search?seller=${seller.id}&limit=51&offset=${offset}`, token),
      );
      for (const order of page.results) {
        const { details } = orderDiscountsSchema.parse(
          await api.json(`/orders/${order.id}/discounts`, token),
        );
        const campaign = details.find((d) => d.type === 'discount');
        const above = order.order_items.filter((line) => line.full_unit_price !== line.unit_price);
        if (campaign) {
          campaigns++;
          // Each line's difference is the campaign's amount for it.
          for (const line of order.order_items) {
            const amount = campaign.items.find((i) => i.id === line.item.id)?.amounts.total;
            expect(line.full_unit_price, `${order.id}`).toBeGreaterThan(line.unit_price);
            // Within rounding: one unit of the currency per item sold.
            const difference = (line.full_unit_price - line.unit_price) * line.quantity;
            expect(Math.abs(difference - (amount ?? Number.POSITIVE_INFINITY))).toBeLessThanOrEqual(
              line.quantity,
            );
          }
        } else {
          plain++;
          expect(above, `${order.id}`).toEqual([]);
        }
      }
      if (offset + 51 >= page.paging.total) break;
    }
    expect(campaigns).toBeGreaterThan(0);
    expect(plain).toBeGreaterThan(campaigns);
  });
});

describe('a write without any credential (spec 5.2)', () => {
  it('answers 401 not_identified_user', async () => {
    const order = await ownOrder();
    await expectError(
      await send('POST', `/orders/${order.id}/feedback`, undefined, { fulfilled: true, rating: 'positive' }),
      401,
      'not_identified_user',
    );
    await expectError(
      await send('POST', `/users/${seller.id}/order_blacklist`, undefined, { user_id: buyer.id }),
      401,
      'not_identified_user',
    );
  });
});
