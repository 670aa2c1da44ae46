import {
  immediatePaymentResponseSchema,
  ORDER_STATUSES,
  orderSchema,
  orderSearchEnvelopeSchema,
  partialUserPrivateSchema,
  partialUserPublicSchema,
  userAddressesSchema,
  userPrivateSchema,
  userPublicSchema,
} from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredOrders } from '../privacy/retention.ts';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
let seller: TestApi['sellers'][number];
let buyer: TestApi['buyers'][number];
const FAULTY = { userId: -1, part: 'seller_reputation' as 'seller_reputation' | 'buyer_reputation' };

beforeAll(async () => {
  api = await seededApi({
    faults: { failUserPart: (part, userId) => userId === FAULTY.userId && part === FAULTY.part },
  });
  seller = api.sellers[0]!;
  buyer = api.buyers[0]!;
});

function send(method: string, path: string, token: string | undefined, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return api.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The access log as its readers see it. */
const accessRows = (subject: number) => {
  return api.store.db
    .selectFrom('personal_data_access_log')
    .selectAll()
    .where('subject_user_id', '=', subject)
    .orderBy('accessed_at')
    .execute();
};

describe('GET /users/me', () => {
  it('answers the private view of the token’s user with every member of 2.9, decrypted', async () => {
    const res = await api.get('/users/me', seller.access_token);
    expect(res.status).toBe(200);
    const me = userPrivateSchema.parse(await res.json());
    expect(me.id).toBe(seller.id);
    expect(me.nickname).toBe(seller.nickname);
    expect(me.email).toMatch(/@example\.com$/);
    expect(me.identification.type).toBe('DNI');
    expect(me.identification.number).toMatch(/^\d{8}$/);
    expect(me.address.address).toMatch(/\d+$/);
    expect(me.phone.number).toMatch(/^\d+$/);
    expect(me.permalink).toBe(`https://perfil.mercadolibre.com.ar/${seller.nickname}`);
    expect(me.registration_date).toMatch(/-03:00$/);
    expect(me.seller_reputation.transactions.total).toBeGreaterThan(0);
    expect(me.status.sell.immediate_payment).toEqual({ required: false, reasons: [] });
  });

  it('computes a buyer’s reputation from the orders', async () => {
    const me = userPrivateSchema.parse(await api.json('/users/me', buyer.access_token));
    const counts = await api.store.db
      .selectFrom('order_counts')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .where('side', '=', 'buyer')
      .execute();
    const total = counts.reduce((n, c) => n + Number(c.n), 0);
    expect(me.buyer_reputation.transactions.total).toBe(total);
    expect(me.buyer_reputation.transactions.completed).toBe(
      Number(counts.find((c) => c.status === 'paid')?.n),
    );
    expect(me.seller_reputation.transactions.total).toBe(0);
  });

  it('needs a token', async () => {
    await expectError(await api.get('/users/me'), 401, 'not_identified_user');
    await expectError(await api.get('/users/me', 'APP_USR-nope'), 401, 'invalid_token');
  });

  it('writes an access-log row naming who, whose, when and which fields', async () => {
    const before = (await accessRows(buyer.id)).length;
    await api.json('/users/me', buyer.access_token);
    const rows = await accessRows(buyer.id);
    expect(rows.length).toBe(before + 1);
    const row = rows[rows.length - 1]!;
    expect(Number(row.accessor_user_id)).toBe(buyer.id);
    expect(Number(row.application_id)).toBe(api.manifest.applications[0]!.id);
    expect(row.resource).toBe('GET /users/me');
    expect(row.fields.split(',')).toEqual(
      expect.arrayContaining(['email', 'phone', 'identification', 'address']),
    );
    expect(Math.abs(Number(row.accessed_at) - Date.now())).toBeLessThan(60_000);
  });

  it('logs only the private fields that `attributes` lets out, and nothing when none', async () => {
    const before = (await accessRows(buyer.id)).length;
    const reduced = await api.json<Record<string, unknown>>(
      '/users/me?attributes=id,email',
      buyer.access_token,
    );
    expect(Object.keys(reduced).sort()).toEqual(['email', 'id']);
    await api.json('/users/me?attributes=id,nickname', buyer.access_token);
    const rows = await accessRows(buyer.id);
    expect(rows.length).toBe(before + 1);
    expect(rows[rows.length - 1]!.fields).toBe('email');
  });
});

describe('GET /users/{id}', () => {
  it('answers exactly the public members without that user’s token', async () => {
    for (const token of [undefined, buyer.access_token]) {
      const res = await api.get(`/users/${seller.id}`, token);
      expect(res.status).toBe(200);
      const text = await res.text();
      // Strict schema: a private member would fail the parse, not be dropped.
      const user = userPublicSchema.parse(JSON.parse(text));
      expect(user.id).toBe(seller.id);
      expect(Object.keys(user.address).sort()).toEqual(['city', 'state']);
      expect(text).not.toMatch(/"email"|"first_name"|"identification"|"zip_code"|"credit"|"phone"/);
    }
  });

  it('answers the private view with that user’s own token, and logs it', async () => {
    const before = (await accessRows(seller.id)).length;
    const user = userPrivateSchema.parse(await api.json(`/users/${seller.id}`, seller.access_token));
    expect(user.email).toMatch(/@/);
    const rows = await accessRows(seller.id);
    expect(rows.length).toBe(before + 1);
    expect(rows[rows.length - 1]!.resource).toBe('GET /users/{user_id}');
  });

  it('writes no access-log row for a public view', async () => {
    const before = (await accessRows(seller.id)).length;
    await api.json(`/users/${seller.id}`, buyer.access_token);
    expect((await accessRows(seller.id)).length).toBe(before);
  });

  it('answers 206 naming the reputation part that could not be loaded', async () => {
    FAULTY.userId = seller.id;
    for (const part of ['seller_reputation', 'buyer_reputation'] as const) {
      FAULTY.part = part;
      const pub = await api.get(`/users/${seller.id}`);
      expect(pub.status).toBe(206);
      expect(pub.headers.get('x-content-missing')).toBe(part);
      const body = partialUserPublicSchema.parse(await pub.json());
      expect(body[part]).toEqual({});
      expect(userPublicSchema.safeParse(body).success).toBe(false);

      const own = await api.get(`/users/${seller.id}`, seller.access_token);
      expect(own.status).toBe(206);
      expect(own.headers.get('x-content-missing')).toBe(part);
      expect(partialUserPrivateSchema.parse(await own.json())[part]).toEqual({});
    }
    FAULTY.userId = -1;
    expect((await api.get(`/users/${seller.id}`)).status).toBe(200);
  });

  it.each(['abc', '0', '-5', '1.5', '99999999999999999999'])('rejects the id %s with 400', async (id) => {
    await expectError(await api.get(`/users/${id}`), 400, 'bad_request');
  });

  it('answers 404 for an unknown user', async () => {
    const body = await expectError(await api.get('/users/1234'), 404, 'not_found');
    expect(body.message).toBe('User not found');
  });
});

describe('PUT /users/{id}', () => {
  it('updates the allowlisted fields, re-sealed, and order cards see the change at once', async () => {
    const order = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('buyer_id', '=', buyer.id)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    // Warm the order card cache with the old names.
    await api.json(`/orders/${order.id}`, seller.access_token);
    const res = await send('PUT', `/users/${buyer.id}`, buyer.access_token, {
      first_name: 'María José',
      last_name: "O'Connor-Pérez",
      phone: { area_code: '011', number: '4444-5555' },
      address: { address: 'Av. Cabildo 2040', state: 'AR-C', city: 'Belgrano', zip_code: 'C1428' },
    });
    expect(res.status).toBe(200);
    const user = userPrivateSchema.parse(await res.json());
    expect(user.first_name).toBe('María José');
    expect(user.phone).toEqual({ area_code: '011', number: '4444-5555', extension: '', verified: false });
    expect(user.address).toEqual({
      state: 'AR-C',
      city: 'Belgrano',
      address: 'Av. Cabildo 2040',
      zip_code: 'C1428',
    });

    const raw = await api.store.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(raw)).not.toMatch(/María|Cabildo|4444-5555/);

    const card = orderSchema.parse(await api.json(`/orders/${order.id}`, seller.access_token)).buyer;
    expect(card.first_name).toBe('María José');
    expect(card.last_name).toBe("O'Connor-Pérez");
  });

  it.each([
    ['an unknown field', { nickname: 'NEW' }],
    ['e-mail (not editable here)', { email: 'x@example.com' }],
    ['identification (not editable here)', { identification: { type: 'DNI', number: '1' } }],
    ['an empty body', {}],
    ['a name with digits', { first_name: 'R2D2' }],
    ['a 41-letter name', { first_name: 'A'.repeat(41) }],
    ['a non-string name', { first_name: 42 }],
    ['a phone with letters', { phone: { area_code: '011', number: 'call me' } }],
    ['an unknown phone member', { phone: { area_code: '011', number: '44445555', verified: true } }],
    ['a partial address', { address: { city: 'Palermo' } }],
    ['a malformed state', { address: { address: 'Calle 1', state: 'Capital', city: 'X', zip_code: '1000' } }],
    [
      'a state of another country',
      { address: { address: 'Rua A 1', state: 'BR-SP', city: 'X', zip_code: '1000' } },
    ],
  ])('rejects %s with 400 and changes nothing', async (_, body) => {
    const before = await api.store.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    await expectError(await send('PUT', `/users/${buyer.id}`, buyer.access_token, body), 400, 'bad_request');
    const after = await api.store.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('rejects malformed JSON and other media types', async () => {
    await expectError(
      await send('PUT', `/users/${buyer.id}`, buyer.access_token, '{"first_name":'),
      400,
      'bad_request',
    );
    const res = await api.app.request(`/users/${buyer.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${buyer.access_token}`, 'content-type': 'text/plain' },
      body: 'first_name=X',
    });
    await expectError(res, 415, 'unsupported_media_type');
  });

  it('refuses another user’s token (403) and no token (401)', async () => {
    await expectError(
      await send('PUT', `/users/${buyer.id}`, seller.access_token, { first_name: 'Eve' }),
      403,
      'forbidden',
    );
    await expectError(
      await send('PUT', `/users/${buyer.id}`, undefined, { first_name: 'Eve' }),
      401,
      'not_identified_user',
    );
  });
});

describe('immediate payment (sell equals pay)', () => {
  it('PUT sets the marker, shown in status; DELETE removes it; both answer {id}', async () => {
    const put = await send('PUT', `/users/${seller.id}/immediate_payment`, seller.access_token, {
      reason: 'by_user',
    });
    expect(put.status).toBe(200);
    expect(immediatePaymentResponseSchema.parse(await put.json())).toEqual({ id: seller.id });
    let me = userPrivateSchema.parse(await api.json('/users/me', seller.access_token));
    expect(me.status.immediate_payment).toBe(true);
    expect(me.status.sell.immediate_payment).toEqual({ required: true, reasons: ['by_user'] });

    // Twice is the same as once.
    expect(
      (await send('PUT', `/users/${seller.id}/immediate_payment`, seller.access_token, { reason: 'by_user' }))
        .status,
    ).toBe(200);

    const del = await send('DELETE', `/users/${seller.id}/immediate_payment/by_user`, seller.access_token);
    expect(del.status).toBe(200);
    expect(immediatePaymentResponseSchema.parse(await del.json())).toEqual({ id: seller.id });
    me = userPrivateSchema.parse(await api.json('/users/me', seller.access_token));
    expect(me.status.immediate_payment).toBe(false);
    expect(me.status.sell.immediate_payment).toEqual({ required: false, reasons: [] });
  });

  it.each([
    ['another reason', { reason: 'by_platform' }],
    ['an extra field', { reason: 'by_user', note: 'x' }],
    ['no reason', {}],
  ])('rejects %s with 400', async (_, body) => {
    await expectError(
      await send('PUT', `/users/${seller.id}/immediate_payment`, seller.access_token, body),
      400,
      'bad_request',
    );
    const me = userPrivateSchema.parse(await api.json('/users/me', seller.access_token));
    expect(me.status.immediate_payment).toBe(false);
  });

  it('is for the account’s own token only', async () => {
    await expectError(
      await send('PUT', `/users/${seller.id}/immediate_payment`, buyer.access_token, { reason: 'by_user' }),
      403,
      'forbidden',
    );
    await expectError(
      await send('DELETE', `/users/${seller.id}/immediate_payment/by_user`, buyer.access_token),
      403,
      'forbidden',
    );
    await expectError(
      await send('DELETE', `/users/${seller.id}/immediate_payment/other`, seller.access_token),
      404,
      'not_found',
    );
  });
});

describe('GET /users/{id}/addresses', () => {
  it('answers the account addresses in the platform’s shape and logs the read', async () => {
    const before = (await accessRows(seller.id)).length;
    const addresses = userAddressesSchema.parse(
      await api.json(`/users/${seller.id}/addresses`, seller.access_token),
    );
    expect(addresses).toHaveLength(1);
    const [a] = addresses;
    expect(a!.user_id).toBe(String(seller.id));
    expect(a!.country).toEqual({ id: 'AR', name: 'Argentina' });
    expect(a!.state.name).toEqual(expect.any(String));
    expect(a!.address_line).toBe(`${a!.street_name} ${a!.street_number}`);
    const rows = await accessRows(seller.id);
    expect(rows.length).toBe(before + 1);
    expect(rows[rows.length - 1]!.resource).toBe('GET /users/{user_id}/addresses');
  });

  it('is private: 403 with another token, 401 without', async () => {
    await expectError(await api.get(`/users/${seller.id}/addresses`, buyer.access_token), 403, 'forbidden');
    await expectError(await api.get(`/users/${seller.id}/addresses`), 401, 'not_identified_user');
  });
});

describe('access log of order reads', () => {
  it('writes a row when an order read discloses the counterpart’s contact, none when it does not', async () => {
    const paid = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('buyer_id', '=', api.buyers[1]!.id)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    const hidden = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('buyer_id', '=', api.buyers[1]!.id)
      .where('status', '=', 'payment_required')
      .executeTakeFirstOrThrow();
    const subject = api.buyers[1]!.id;
    const before = (await accessRows(subject)).length;
    await api.json(`/orders/${paid.id}`, seller.access_token);
    const rows = await accessRows(subject);
    expect(rows.length).toBe(before + 1);
    expect(rows[rows.length - 1]).toMatchObject({
      resource: 'GET /orders/{order_id}',
      fields: 'first_name,last_name,phone,alternative_phone',
    });
    expect(Number(rows[rows.length - 1]!.accessor_user_id)).toBe(seller.id);
    await api.json(`/orders/${hidden.id}`, seller.access_token);
    expect((await accessRows(subject)).length).toBe(before + 1);
  });

  it('writes one row per disclosed counterpart of a search page', async () => {
    const subject = api.buyers[2]!.id;
    const before = (await accessRows(subject)).length;
    await api.json(
      `/orders/search?seller=${seller.id}&q=${api.buyers[2]!.nickname}&limit=5`,
      seller.access_token,
    );
    const rows = await accessRows(subject);
    expect(rows.length).toBe(before + 1);
    expect(rows[rows.length - 1]!.resource).toBe('GET /orders/search');
  });
});

describe('OPTIONS', () => {
  it('describes the user resources', async () => {
    const res = await api.app.request(`/users/${seller.id}`, { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { name: string; methods: { method: string }[] };
    expect(body.name).toBe('User');
    expect(body.methods.map((m) => m.method)).toEqual(['GET', 'PUT']);
    await expectError(
      await api.app.request(`/users/${seller.id}`, { method: 'PATCH' }),
      405,
      'method_not_allowed',
    );
  });
});

describe('reputation totals', () => {
  const statuses = ORDER_STATUSES.join(',');
  const now = Date.now();
  let own: TestApi;
  beforeAll(async () => {
    own = await seededApi({ localUse: true });
  });

  /** What a search of every status counts for the user, and what its reputation says. */
  async function totals(user: TestApi['sellers'][number], side: 'seller' | 'buyer') {
    const search = orderSearchEnvelopeSchema.parse(
      await own.json(`/orders/search?${side}=${user.id}&order.status=${statuses}&limit=1`, user.access_token),
    );
    const me = userPrivateSchema.parse(await own.json('/users/me', user.access_token));
    const reputation =
      side === 'seller' ? me.seller_reputation.transactions.total : me.buyer_reputation.transactions.total;
    return { search: search.paging.total, reputation };
  }

  it('count the orders a search finds, after new orders and after the retention purge', async () => {
    const s = own.sellers[0]!;
    const b = own.buyers.find((u) => u.site_id === s.site_id)!;
    const first = await totals(s, 'seller');
    expect(first.reputation).toBe(first.search);
    expect((await totals(b, 'buyer')).reputation).toBe((await totals(b, 'buyer')).search);

    const item = await own.store.db
      .selectFrom('items')
      .select('id')
      .where('seller_id', '=', s.id)
      .where('available_quantity', '>', 0)
      .executeTakeFirstOrThrow();
    const created = await own.app.request('/orders', {
      method: 'POST',
      headers: { authorization: `Bearer ${b.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seller_id: s.id, items: [{ id: item.id, quantity: 1 }] }),
    });
    expect(created.status).toBe(201);
    const after = await totals(s, 'seller');
    expect(after).toEqual({ search: first.search + 1, reputation: first.search + 1 });

    // The purge as it will run half a year on removes the orders past the 12-month retention.
    const { deleted } = await purgeExpiredOrders(own.store, now + 180 * 86_400_000);
    expect(deleted).toBeGreaterThan(0);
    for (const user of own.sellers) {
      const t = await totals(user, 'seller');
      expect(t.reputation, user.nickname).toBe(t.search);
    }
    for (const user of own.buyers) {
      const t = await totals(user, 'buyer');
      expect(t.reputation, user.nickname).toBe(t.search);
    }
  });
});
