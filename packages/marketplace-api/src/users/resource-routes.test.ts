import {
  acceptedPaymentMethodsSchema,
  applicationRevocationSchema,
  applicationSchema,
  availableListingTypesSchema,
  listingTypeAvailabilitySchema,
  packAvailabilitySchema,
  promotionPackSchema,
  promotionPacksSchema,
  userBrandsSchema,
} from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenRepository } from '../oauth/token-repository.ts';
import { expectError, SEED_NOW, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
let seller: TestApi['sellers'][number];
let secondSeller: TestApi['sellers'][number];
let buyer: TestApi['buyers'][number];
let appId: number;
// Packs expire relative to "now"; the seed's now keeps the seeded ones live.
const clockAt = { now: SEED_NOW + 3_600_000 };

beforeAll(async () => {
  api = await seededApi({ clock: () => new Date(clockAt.now) });
  [seller, secondSeller] = [api.sellers[0]!, api.sellers[1]!];
  buyer = api.buyers[0]!;
  appId = api.manifest.applications[0]!.id;
});

function send(method: string, path: string, token: string | undefined, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return api.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('GET /users/{id}/accepted_payment_methods', () => {
  it('lists the methods of the seller’s site, publicly', async () => {
    const methods = acceptedPaymentMethodsSchema.parse(
      await api.json(`/users/${seller.id}/accepted_payment_methods`),
    );
    expect(methods.map((m) => m.id)).toEqual(
      expect.arrayContaining(['visa', 'master', 'account_money', 'rapipago']),
    );
    expect(methods.find((m) => m.id === 'visa')).toMatchObject({
      name: 'Visa',
      payment_type_id: 'credit_card',
    });
    const br = acceptedPaymentMethodsSchema.parse(
      await api.json(`/users/${secondSeller.id}/accepted_payment_methods`),
    );
    expect(br.map((m) => m.id)).toContain('pix');
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    await expectError(await api.get('/users/77/accepted_payment_methods'), 404, 'not_found');
    await expectError(await api.get('/users/x/accepted_payment_methods'), 400, 'bad_request');
  });
});

describe('GET /applications/{id}', () => {
  it('describes the application; only its owner sees the callback URL', async () => {
    await api.store.db
      .updateTable('applications')
      .set({ callback_url: 'https://mostrador.example/bff/notifications' })
      .where('id', '=', appId)
      .execute();
    const forOwner = applicationSchema.parse(await api.json(`/applications/${appId}`, seller.access_token));
    expect(forOwner).toMatchObject({ id: appId, name: 'Mostrador', owner_id: seller.id, site_id: 'MLA' });
    expect(forOwner.callback_url).toBe('https://mostrador.example/bff/notifications');
    const forOther = applicationSchema.parse(await api.json(`/applications/${appId}`, buyer.access_token));
    expect(forOther.callback_url).toBeNull();
  });

  it('needs a token, a numeric id and a known application', async () => {
    await expectError(await api.get(`/applications/${appId}`), 401, 'not_identified_user');
    await expectError(await api.get('/applications/abc', seller.access_token), 400, 'bad_request');
    await expectError(await api.get('/applications/123', seller.access_token), 404, 'not_found');
  });
});

describe('GET /users/{id}/brands', () => {
  it('lists the official stores of a brand seller, and none for others', async () => {
    const brand = await api.store.db.selectFrom('brands').selectAll().executeTakeFirstOrThrow();
    const body = userBrandsSchema.parse(await api.json(`/users/${brand.user_id}/brands`));
    expect(body.cust_id).toBe(Number(brand.user_id));
    expect(body.user_type).toBe('brand');
    expect(body.brands.map((b) => b.official_store_id)).toContain(Number(brand.official_store_id));
    const items = await api.store.db
      .selectFrom('items')
      .select('official_store_id')
      .where('seller_id', '=', Number(brand.user_id))
      .where('official_store_id', 'is not', null)
      .execute();
    expect(items.every((i) => Number(i.official_store_id) === Number(brand.official_store_id))).toBe(true);
    const plain = userBrandsSchema.parse(await api.json(`/users/${buyer.id}/brands`));
    expect(plain.brands).toEqual([]);
  });
});

describe('classifieds promotion packs', () => {
  const packs = `/users/SELLER/classifieds_promotion_packs`;

  it('lists the seller’s packs with remaining listings', async () => {
    const list = promotionPacksSchema.parse(
      await api.json(packs.replace('SELLER', String(seller.id)), seller.access_token),
    );
    expect(list.map((p) => p.promotion_pack_id).sort()).toEqual(['BRZ5', 'IPIN', 'MPAB']);
    for (const p of list) {
      expect(p.status).toBe('active');
      expect(p.remaining_listings).toBe(p.listing_details[0]!.available_listings - p.used_listings);
    }
    const expired = promotionPacksSchema.parse(
      await api.json(packs.replace('SELLER', String(secondSeller.id)), secondSeller.access_token),
    );
    expect(expired.map((p) => p.status)).toEqual(['finished']);
  });

  it('associates a pack (201) and the new listings become available', async () => {
    const path = packs.replace('SELLER', String(secondSeller.id));
    const before = packAvailabilitySchema.parse(
      await api.json(`${path}/silver?categoryId=MLB1459`, secondSeller.access_token),
    );
    expect(before.has_available_listings).toBe(false);
    const res = await send('POST', path, secondSeller.access_token, {
      categ_id: 'MLB1459',
      promotion_pack_id: 'MPAB',
      engagement_type: 'none',
      status: 'active',
    });
    expect(res.status).toBe(201);
    const pack = promotionPackSchema.parse(await res.json());
    expect(pack).toMatchObject({
      user_id: String(secondSeller.id),
      category_id: 'MLB1459',
      remaining_listings: 15,
    });
    const list = promotionPacksSchema.parse(await api.json(path, secondSeller.access_token));
    expect(list[0]!.id).toBe(pack.id);
    const after = packAvailabilitySchema.parse(
      await api.json(`${path}/silver?categoryId=MLB1459`, secondSeller.access_token),
    );
    expect(after.has_available_listings).toBe(true);
    const otherType = packAvailabilitySchema.parse(
      await api.json(`${path}/bronze?categoryId=MLB1459`, secondSeller.access_token),
    );
    expect(otherType.has_available_listings).toBe(false);
  });

  it.each([
    [
      'an unknown pack',
      { categ_id: 'MLA1459', promotion_pack_id: 'NOPE', engagement_type: 'none', status: 'active' },
      404,
      'not_found',
    ],
    [
      'an unknown category',
      { categ_id: 'MLA999', promotion_pack_id: 'MPAB', engagement_type: 'none', status: 'active' },
      404,
      'not_found',
    ],
    [
      'a category of another site',
      { categ_id: 'MLB1459', promotion_pack_id: 'MPAB', engagement_type: 'none', status: 'active' },
      400,
      'bad_request',
    ],
    [
      'an extra field',
      { categ_id: 'MLA1459', promotion_pack_id: 'MPAB', engagement_type: 'none', status: 'active', price: 0 },
      400,
      'bad_request',
    ],
    ['a missing field', { categ_id: 'MLA1459', promotion_pack_id: 'MPAB' }, 400, 'bad_request'],
  ])('refuses %s', async (_, body, status, code) => {
    const path = packs.replace('SELLER', String(seller.id));
    const before = await api.json<unknown[]>(path, seller.access_token);
    await expectError(await send('POST', path, seller.access_token, body), status, code);
    expect(await api.json<unknown[]>(path, seller.access_token)).toEqual(before);
  });

  it('is for the account’s own token only, and the availability needs a known type and a categoryId', async () => {
    const path = packs.replace('SELLER', String(seller.id));
    await expectError(await api.get(path, buyer.access_token), 403, 'forbidden');
    await expectError(await send('POST', path, buyer.access_token, {}), 403, 'forbidden');
    await expectError(await api.get(`${path}/silver`, seller.access_token), 400, 'bad_request');
    await expectError(
      await api.get(`${path}/platinum?categoryId=MLA1459`, seller.access_token),
      404,
      'not_found',
    );
  });
});

describe('available listing types', () => {
  it('lists the general types and the pack types per category', async () => {
    const body = availableListingTypesSchema.parse(
      await api.json(`/users/${seller.id}/available_listing_types`, seller.access_token),
    );
    expect(body.available.map((t) => t.id)).toEqual(['gold_pro', 'gold_special', 'free']);
    expect(body.available.find((t) => t.id === 'gold_special')!.name).toBe('Clásica');
    expect(body.exceptions_by_category).toEqual([expect.objectContaining({ category_id: 'MLA1459' })]);
    expect(body.exceptions_by_category[0]!.available.map((t) => t.id).sort()).toEqual(['bronze', 'silver']);

    const phones = availableListingTypesSchema.parse(
      await api.json(`/users/${seller.id}/available_listing_types?category_id=MLA1055`, seller.access_token),
    );
    expect(phones.available.map((t) => t.id)).toEqual(['gold_pro', 'gold_special', 'free']);
    const estates = availableListingTypesSchema.parse(
      await api.json(`/users/${seller.id}/available_listing_types?category_id=MLA1459`, seller.access_token),
    );
    expect(estates.available.map((t) => t.id)).toContain('silver');
  });

  it('tells whether one type is available, and why not', async () => {
    const gold = listingTypeAvailabilitySchema.parse(
      await api.json(
        `/users/${seller.id}/available_listing_type/gold_special?category_id=MLA1055`,
        seller.access_token,
      ),
    );
    expect(gold).toEqual({
      available: true,
      cause: null,
      code: null,
      mapping: 'gold_special',
      remaining_listings: null,
    });
    const silver = listingTypeAvailabilitySchema.parse(
      await api.json(
        `/users/${seller.id}/available_listing_type/silver?category_id=MLA1055`,
        seller.access_token,
      ),
    );
    expect(silver).toMatchObject({ available: false, code: 'listing.pack.not_available' });
    const free = listingTypeAvailabilitySchema.parse(
      await api.json(
        `/users/${seller.id}/available_listing_type/free?category_id=MLA1055`,
        seller.access_token,
      ),
    );
    const freeCount = await api.store.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('seller_id', '=', seller.id)
      .where('listing_type_id', '=', 'free')
      .executeTakeFirstOrThrow();
    expect(free.remaining_listings).toBe(Math.max(0, 20 - Number(freeCount.n)));
  });

  it('rejects a missing or foreign category, an unknown type and other tokens', async () => {
    const base = `/users/${seller.id}/available_listing_type`;
    await expectError(await api.get(`${base}/gold_special`, seller.access_token), 400, 'bad_request');
    await expectError(
      await api.get(`${base}/gold_special?category_id=MLB1055`, seller.access_token),
      400,
      'bad_request',
    );
    await expectError(
      await api.get(`${base}/gold_special?category_id=MLA42`, seller.access_token),
      404,
      'not_found',
    );
    await expectError(
      await api.get(`${base}/diamond?category_id=MLA1055`, seller.access_token),
      404,
      'not_found',
    );
    await expectError(
      await api.get(`${base}/gold_special?category_id=MLA1055`, buyer.access_token),
      403,
      'forbidden',
    );
    await expectError(
      await api.get(`/users/${seller.id}/available_listing_types`),
      401,
      'not_identified_user',
    );
  });
});

describe('DELETE /users/{id}/applications/{app_id}', () => {
  it('revokes the application’s tokens for that user at once, and no others', async () => {
    const tokens = createTokenRepository(api.store.db);
    const now = new Date(clockAt.now);
    const first = (await tokens.issue(appId, buyer.id, now)).token;
    const second = (await tokens.issue(appId, buyer.id, now)).token;
    const otherAppId = 7_100_000_000_000_001;
    await api.store.db
      .insertInto('applications')
      .values({
        id: otherAppId,
        name: 'Other',
        owner_user_id: seller.id,
        callback_url: null,
        topics: '[]',
        notifications_active: 1,
        date_created: now.getTime(),
      })
      .execute();
    const otherApp = (await tokens.issue(otherAppId, buyer.id, now)).token;
    expect((await api.get('/users/me', second)).status).toBe(200);

    const res = await send('DELETE', `/users/${buyer.id}/applications/${appId}`, first);
    expect(res.status).toBe(200);
    const body = applicationRevocationSchema.parse(await res.json());
    expect(body).toEqual({ user_id: buyer.id, application_id: appId, revoked: true, revoked_tokens: 3 });

    await expectError(await api.get('/users/me', first), 401, 'invalid_token');
    await expectError(await api.get('/users/me', second), 401, 'invalid_token');
    await expectError(await api.get('/users/me', buyer.access_token), 401, 'invalid_token');
    expect((await api.get('/users/me', otherApp)).status).toBe(200);
    // Other users of the application keep their access.
    expect((await api.get('/users/me', seller.access_token)).status).toBe(200);
  });

  it('is for the account’s own token only and needs a known application', async () => {
    await expectError(
      await send('DELETE', `/users/${secondSeller.id}/applications/${appId}`, seller.access_token),
      403,
      'forbidden',
    );
    await expectError(
      await send('DELETE', `/users/${seller.id}/applications/999`, seller.access_token),
      404,
      'not_found',
    );
    await expectError(
      await send('DELETE', `/users/${seller.id}/applications/x`, seller.access_token),
      400,
      'bad_request',
    );
    expect((await api.get('/users/me', secondSeller.access_token)).status).toBe(200);
  });
});
