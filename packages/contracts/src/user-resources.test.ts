import { describe, expect, it } from 'vitest';
import { issuePaths } from './real-fixture.ts';
import { siteSearchParamsSchema } from './site-search.ts';
import {
  applicationSchema,
  listingTypeAvailabilitySchema,
  promotionPackRequestSchema,
  userAddressSchema,
} from './user-resources.ts';
import { partialUserPublicSchema, userUpdateRequestSchema } from './users.ts';

const address = {
  id: 1,
  user_id: '160252486',
  contact: null,
  phone: null,
  address_line: 'Guatemala 5100',
  floor: null,
  apartment: null,
  street_number: '5100',
  street_name: 'Guatemala',
  zip_code: '1000',
  city: { id: 'TUxBQlBBTDI1MTVa', name: 'Palermo' },
  state: { id: 'AR-C', name: 'Capital Federal' },
  country: { id: 'AR', name: 'Argentina' },
  neighborhood: { id: null, name: null },
  municipality: { id: null, name: null },
  search_location: {
    state: { id: 'TUxBUENBUGw3M2E1', name: 'Capital Federal' },
    city: { id: null, name: null },
    neighborhood: { id: null, name: null },
  },
  types: ['default_selling_address', 'shipping'],
  comment: '',
  geolocation_type: 'RANGE_INTERPOLATED',
  latitude: -34.58,
  longitude: -58.42,
  status: 'active',
  date_created: '2014-06-05T12:26:54.000-04:00',
  normalized: true,
  open_hours: { on_holidays: { hours: [], status: 'closed' } },
};

describe('userAddressSchema', () => {
  it('parses the platform’s documented address record', () => {
    expect(userAddressSchema.parse(address).types).toEqual(['default_selling_address', 'shipping']);
  });

  it('rejects an unknown address type and a numeric user_id', () => {
    expect(
      issuePaths(userAddressSchema.safeParse({ ...address, types: ['home'], user_id: 160252486 })),
    ).toEqual(['user_id', 'types.0']);
  });
});

describe('userUpdateRequestSchema (PUT /users/{id})', () => {
  it('accepts the allowlisted members', () => {
    const body = {
      first_name: 'José',
      phone: { area_code: '011', number: '4444-4444', extension: '001' },
      alternative_phone: { area_code: '', number: '' },
      address: { address: 'Triunvirato 5555', state: 'AR-C', city: 'Capital Federal', zip_code: '1431' },
    };
    expect(userUpdateRequestSchema.parse(body)).toEqual(body);
  });

  it.each([
    [{ email: 'a@b.c' }],
    [{ nickname: 'X' }],
    [{ mercadoenvios: 'accepted' }],
    [{ company: { corporate_name: 'Acme' } }],
    [{}],
    [{ first_name: '' }],
    [{ phone: { area_code: '011' } }],
    // The platform's own docs example sends a flat address with a typo: refused, not repaired.
    [{ address: 'Triunvirato 5555', zip_dode: '1431' }],
  ])('refuses %j', (body) => {
    expect(userUpdateRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('partialUserPublicSchema', () => {
  it('accepts an empty reputation member, and nothing else that is empty', () => {
    const user = {
      id: 1,
      nickname: 'N',
      registration_date: '2020-01-01T00:00:00.000-03:00',
      country_id: 'AR',
      address: { state: 'AR-C', city: 'Palermo' },
      user_type: 'normal',
      tags: [],
      logo: null,
      points: 0,
      site_id: 'MLA',
      permalink: 'https://perfil.mercadolibre.com.ar/N',
      seller_reputation: {},
      buyer_reputation: { tags: [] },
      status: { site_status: 'active' },
    };
    expect(partialUserPublicSchema.safeParse(user).success).toBe(true);
    expect(partialUserPublicSchema.safeParse({ ...user, status: {} }).success).toBe(false);
  });
});

describe('account resource schemas', () => {
  it('requires a boolean availability with its mapping', () => {
    expect(
      listingTypeAvailabilitySchema.parse({
        available: false,
        cause: 'Your feedback does not allow you to use this listing type.',
        code: 'listing.feedback.not_allowed',
        mapping: 'gold_special',
        remaining_listings: null,
      }).available,
    ).toBe(false);
    expect(listingTypeAvailabilitySchema.safeParse({ available: 'no', mapping: 'x' }).success).toBe(false);
  });

  it('refuses promotion pack requests with unknown members or another status', () => {
    const ok = { categ_id: 'MLA1459', promotion_pack_id: 'IPIN', engagement_type: 'none', status: 'active' };
    expect(promotionPackRequestSchema.parse(ok)).toEqual(ok);
    expect(promotionPackRequestSchema.safeParse({ ...ok, status: 'paused' }).success).toBe(false);
    expect(promotionPackRequestSchema.safeParse({ ...ok, price: 1 }).success).toBe(false);
  });

  it('refuses an application without its flags', () => {
    expect(issuePaths(applicationSchema.safeParse({ id: 1 }))).toContain('need_authorization');
  });
});

describe('siteSearchParamsSchema', () => {
  it('defaults the sort and refuses unknown parameters', () => {
    expect(siteSearchParamsSchema.parse({ nickname: 'TIENDA' }).sort).toBe('relevance');
    expect(siteSearchParamsSchema.safeParse({ nickname: 'TIENDA', q: 'x' }).success).toBe(false);
    expect(siteSearchParamsSchema.safeParse({}).success).toBe(false);
  });
});
