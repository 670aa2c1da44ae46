import { describe, expect, it } from 'vitest';
import { clone, issuePaths, issuesOf, readRealFixture } from './real-fixture.ts';
import { immediatePaymentRequestSchema, userPrivateSchema, userPublicSchema } from './users.ts';

type Json = Record<string, unknown>;
const fixture = (path: string) => clone(readRealFixture(path)) as Json;

// The recorded bodies name three status members after the platform's own services; spec 2.9 names them generically.
function withSpecStatusNames(user: Json): Json {
  const { mercadopago_tc_accepted, mercadopago_account_type, mercadoenvios, ...status } = user.status as Json;
  return {
    ...user,
    status: {
      ...status,
      paymentsvc_tc_accepted: mercadopago_tc_accepted,
      paymentsvc_account_type: mercadopago_account_type,
      shippingsvc: mercadoenvios,
    },
  };
}

const SPEC_STATUS_NAMES = [
  'status.paymentsvc_tc_accepted',
  'status.paymentsvc_account_type',
  'status.shippingsvc',
];

function specPrivateUser(): Json {
  return withSpecStatusNames(fixture('users_me/FedericoF03-ecommerce-vite-front-1.json'));
}

function specPublicUser(): Json {
  return fixture('users_public/ralvarezdev-mercadolibre-go-sdk-2.json');
}

describe('userPrivateSchema (GET /users/me)', () => {
  it.each([
    ['FedericoF03-ecommerce-vite-front-1.json', []],
    ['ralvarezdev-mercadolibre-go-sdk-1.json', ['phone.verified']],
    ['ralvarezdev-mercadolibre-go-sdk-2.json', []],
  ])('refuses users_me/%s only for the status member names (and other omissions)', (name, otherMissing) => {
    expect(issuesOf(userPrivateSchema, fixture(`users_me/${name}`))).toEqual({
      wrong: [],
      missing: [...otherMissing, ...SPEC_STATUS_NAMES],
    });
  });

  it('refuses the docs typo in a registration date', () => {
    expect(
      issuesOf(userPrivateSchema, fixture('users_me/ralvarezdev-mercadolibre-go-sdk-3.json')).wrong,
    ).toEqual(['registration_date']);
  });

  it.each(['FedericoF03-ecommerce-vite-front-1.json', 'ralvarezdev-mercadolibre-go-sdk-2.json'])(
    'parses users_me/%s with the spec status names',
    (name) => {
      const user = userPrivateSchema.parse(withSpecStatusNames(fixture(`users_me/${name}`)));
      expect(user.status.site_status).toBe('active');
      expect(typeof user.status.paymentsvc_tc_accepted).toBe('boolean');
    },
  );

  it('keeps the private members and the nulls of a user without history', () => {
    const user = userPrivateSchema.parse(specPrivateUser());
    expect(user.identification).toEqual({ number: '99999999', type: 'DNI' });
    expect(user.address).toEqual({ address: null, city: null, state: null, zip_code: null });
    expect(user.buyer_reputation.transactions.not_yet_rated).toEqual({
      paid: null,
      total: null,
      units: null,
    });
    expect(user.credit).toEqual({ consumed: 0, credit_level_id: 'MLA5' });
  });

  it('rejects wrong types', () => {
    const user = specPrivateUser();
    user.id = '443561760';
    user.points = 1.5;
    (user.status as Json).confirmed_email = 'true';
    (user.seller_reputation as Json).transactions = {
      period: 'historic',
      total: -1,
      completed: 0,
      canceled: 0,
      ratings: { positive: 0, negative: 0, neutral: 0 },
    };
    expect(issuePaths(userPrivateSchema.safeParse(user))).toEqual([
      'id',
      'points',
      'seller_reputation.transactions.total',
      'status.confirmed_email',
    ]);
  });
});

describe('userPublicSchema (GET /users/{id} without its token)', () => {
  it('parses the public docs example', () => {
    const user = userPublicSchema.parse(specPublicUser());
    expect(user.address).toEqual({ state: 'AR-C', city: 'Palermo' });
    expect(user.buyer_reputation).toEqual({ tags: [] });
  });

  it('refuses the trimmed docs example for the members it omits', () => {
    expect(
      issuesOf(userPublicSchema, fixture('users_public/ralvarezdev-mercadolibre-go-sdk-1.json')),
    ).toEqual({
      wrong: [],
      missing: [
        'registration_date',
        'tags',
        'logo',
        'points',
        'seller_reputation.transactions.completed',
        'seller_reputation.transactions.canceled',
        'seller_reputation.transactions.ratings',
        'buyer_reputation',
      ],
    });
  });

  it('refuses a private view', () => {
    expect(userPublicSchema.safeParse(specPrivateUser()).success).toBe(false);
  });

  it.each([
    ['email', 'redacted@example.com'],
    ['first_name', 'federico'],
    ['last_name', 'fernandez'],
    ['phone', { area_code: '11', number: '1111-1111', extension: '', verified: false }],
    ['alternative_phone', { area_code: '', number: '', extension: '' }],
    ['identification', { type: 'DNI', number: '1' }],
    ['credit', { consumed: 0, credit_level_id: 'MLA5' }],
    ['secure_email', 'redacted@example.com'],
  ])('leaks no %s', (key, value) => {
    const result = userPublicSchema.safeParse({ ...specPublicUser(), [key]: value });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: [key] }),
    ]);
  });

  it.each([
    ['address', { state: 'AR-C', city: 'Palermo', address: 'Test Address 123' }, 'address'],
    ['address', { state: 'AR-C', city: 'Palermo', zip_code: '1414' }, 'zip_code'],
    ['status', { site_status: 'active', list: { allow: true, codes: [] } }, 'list'],
    ['buyer_reputation', { tags: [], canceled_transactions: 0 }, 'canceled_transactions'],
  ])('leaks nothing private inside %s', (member, value, leaked) => {
    const result = userPublicSchema.safeParse({ ...specPublicUser(), [member]: value });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: [leaked], path: [member] }),
    ]);
  });
});

describe('immediatePaymentRequestSchema', () => {
  it('accepts only the documented reason', () => {
    expect(immediatePaymentRequestSchema.parse({ reason: 'by_user' })).toEqual({ reason: 'by_user' });
    expect(immediatePaymentRequestSchema.safeParse({ reason: 'other' }).success).toBe(false);
    expect(immediatePaymentRequestSchema.safeParse({ reason: 'by_user', extra: 1 }).success).toBe(false);
  });
});
