import { describe, expect, it } from 'vitest';
import {
  CONTENT_MISSING_MEMBERS,
  ORDER_STATUSES,
  orderDiscountsSchema,
  orderProductSchema,
  orderSchema,
  orderSearchEnvelopeSchema,
  orderSearchResultSchema,
  orderStatusSchema,
  partialOrderSchema,
  paymentShortSchema,
} from './orders.ts';
import { clone, issuePaths, issuesOf, readRealFixture } from './real-fixture.ts';

type Json = Record<string, unknown>;

// Values for the 2.2/2.3 members the doc examples leave out; merging them in gives the spec's form of a fixture.
const ORDER_DEFAULTS: Json = {
  status_detail: null,
  expiration_date: '2024-11-29T09:35:43.000-04:00',
  last_updated: '2024-11-01T09:37:20.000-04:00',
  paid_amount: 0,
  context: { channel: 'marketplace', site: 'MLB', flows: [] },
  taxes: { amount: null, currency_id: null },
  cancel_detail: null,
  fulfilled: null,
  buying_mode: 'buy_equals_pay',
  order_request: { change: null, return: null },
  manufacturing_ending_date: null,
  hidden_for_seller: false,
  comments: null,
  pack_id: null,
  pickup_id: null,
  coupon: { id: null, amount: 0 },
  shipping_cost: 0,
  application_id: '7092',
  mediations: [],
};
const ITEM_DEFAULTS: Json = {
  variation_id: null,
  variation_attributes: [],
  seller_custom_field: null,
  condition: 'new',
  category_id: 'MLB1055',
  seller_sku: null,
  warranty: null,
};
const ORDER_ITEM_DEFAULTS: Json = {
  full_unit_price: 0,
  sale_fee: 0,
  listing_type_id: 'gold_special',
  base_currency_id: null,
  base_exchange_rate: null,
  differential_pricing_id: null,
  manufacturing_days: null,
};
const PAYMENT_DEFAULTS: Json = { site_id: 'MLB', taxes_amount: 0 };

function completeOrder(order: Json): Json {
  const items = order.order_items as Json[];
  return {
    ...ORDER_DEFAULTS,
    ...order,
    feedback: { purchase: null, sale: null, ...(order.feedback as Json | undefined) },
    order_items: items.map((entry) => ({
      ...ORDER_ITEM_DEFAULTS,
      full_unit_price: entry.unit_price,
      ...entry,
      item: { ...ITEM_DEFAULTS, ...(entry.item as Json) },
    })),
    payments: (order.payments as Json[]).map((payment) => ({ ...PAYMENT_DEFAULTS, ...payment })),
  };
}

const withStringParty = (party: Json): Json => ({ ...party, id: String(party.id) });

function completeSingleOrder(order: Json): Json {
  const complete = completeOrder(order);
  return {
    ...complete,
    buyer: withStringParty(complete.buyer as Json),
    seller: withStringParty(complete.seller as Json),
  };
}

function completeEnvelope(envelope: Json): Json {
  return { ...envelope, results: (envelope.results as Json[]).map(completeOrder) };
}

const fixture = (path: string) => clone(readRealFixture(path)) as Json;

// The most complete recorded single order, brought to the spec's form: the base of the negative cases below.
function specOrder(): Json {
  return completeSingleOrder(fixture('order/ralvarezdev-mercadolibre-go-sdk-1.json'));
}
function firstResult(): Json {
  const envelope = completeEnvelope(fixture('orders_search/ml-devsite-manage-sales-en-1.json'));
  return (envelope.results as Json[])[0] as Json;
}

describe('orderSchema (GET /orders/{id})', () => {
  it('refuses the recorded 2024 pack order only where it departs from the spec', () => {
    // Integer buyer/seller ids (spec 2.1: strings here); feedback keyed seller/buyer instead of sale/purchase.
    expect(issuesOf(orderSchema, fixture('order/ralvarezdev-mercadolibre-go-sdk-1.json'))).toEqual({
      wrong: ['buyer.id', 'seller.id'],
      missing: [
        'expiration_date',
        'order_items.0.differential_pricing_id',
        'feedback.purchase',
        'feedback.sale',
        'hidden_for_seller',
        'comments',
        'pickup_id',
        'coupon',
        'application_id',
      ],
    });
  });

  it('refuses the 2026 docs example for integer party ids, besides the members it omits', () => {
    const { wrong, missing } = issuesOf(orderSchema, fixture('order/ml-devsite-manage-sales-en-1.json'));
    expect(wrong).toEqual(['buyer.id', 'seller.id']);
    expect(missing).toContain('context');
  });

  it('refuses the docs-derived mock for its string payment id and null payment dates', () => {
    const { wrong } = issuesOf(orderSchema, fixture('order/gpupo-mercadolivre-sdk-1.json'));
    expect(wrong).toEqual(['payments.0.id', 'payments.0.date_created', 'payments.0.date_last_modified']);
  });

  it.each(['order/ralvarezdev-mercadolibre-go-sdk-1.json', 'order/ml-devsite-manage-sales-en-1.json'])(
    'parses %s once brought to the spec form',
    (path) => {
      const parsed = orderSchema.parse(completeSingleOrder(fixture(path)));
      expect(typeof parsed.buyer.id).toBe('string');
      expect(parsed.buyer.id).toMatch(/^\d+$/);
    },
  );

  it('keeps the short payment form and drops what the real platform adds', () => {
    const parsed = orderSchema.parse(specOrder());
    expect(parsed.payments[0]).toEqual({
      id: 91776699099,
      transaction_amount: 125.92,
      currency_id: 'BRL',
      status: 'approved',
      date_created: '2024-11-01T09:35:42.000-04:00',
      date_last_modified: '2024-11-01T09:37:12.000-04:00',
    });
    expect(parsed).not.toHaveProperty('order_items.0.stock');
    expect(parsed.id).toBe(2000009713473608);
  });

  it('accepts buyer and seller with only an id (the caller sees a subset)', () => {
    const order = specOrder();
    order.buyer = { id: '6427433' };
    expect(orderSchema.safeParse(order).success).toBe(true);
  });

  it('rejects integer party ids and non-digit strings', () => {
    const order = specOrder();
    order.buyer = { id: 6427433 };
    order.seller = { id: 'abc' };
    expect(issuePaths(orderSchema.safeParse(order))).toEqual(['buyer.id', 'seller.id']);
  });

  it('rejects a payment short form without its dates', () => {
    const order = specOrder();
    order.payments = [{ id: 1, transaction_amount: 10, currency_id: 'BRL', status: 'approved' }];
    expect(issuePaths(orderSchema.safeParse(order))).toEqual([
      'payments.0.date_created',
      'payments.0.date_last_modified',
    ]);
  });

  it('does not require date_last_updated, unlike search results', () => {
    const order = specOrder();
    delete order.date_last_updated;
    expect(orderSchema.safeParse(order).success).toBe(true);
  });

  it.each([
    ['date_created', '2024-11-01T09:34:59-04:00'],
    ['date_closed', '2024-11-01 09:35:43'],
    ['last_updated', 1730468240000],
    ['manufacturing_ending_date', '2024-11-01'],
  ])('rejects a bad timestamp in %s', (field, value) => {
    const order = specOrder();
    order[field] = value;
    expect(issuePaths(orderSchema.safeParse(order))).toEqual([field]);
  });

  it('rejects statuses outside section 3 and accepts manually_cancelled', () => {
    const order = specOrder();
    order.status = 'partially_refunded';
    expect(issuePaths(orderSchema.safeParse(order))).toEqual(['status']);
    order.status = 'manually_cancelled';
    expect(orderSchema.safeParse(order).success).toBe(true);
  });

  it('rejects the context channel mp-channel and unknown flows', () => {
    const order = specOrder();
    order.context = { channel: 'mp-channel', site: 'MLB', flows: ['catalog', 'fast'] };
    expect(issuePaths(orderSchema.safeParse(order))).toEqual(['context.channel', 'context.flows.1']);
  });

  it('accepts every spec channel and flow', () => {
    const order = specOrder();
    for (const channel of ['shops', 'proximity', 'pay-channel', 'marketplace']) {
      order.context = {
        channel,
        site: 'MLA',
        flows: [
          'cbt',
          'subscription',
          'reservation',
          'catalog',
          'contract',
          'supermarket',
          '3x_campaign',
          'high_concurrency',
          'lite',
        ],
      };
      expect(orderSchema.safeParse(order).success).toBe(true);
    }
  });

  it('accepts a cancel detail and rejects an unknown group', () => {
    const order = specOrder();
    order.status = 'cancelled';
    order.cancel_detail = {
      group: 'buyer',
      code: 'buyer_cancel_express',
      description: 'Cancelled by the buyer',
      requested_by: 'buyer',
      date: '2024-11-02T10:00:00.000-04:00',
      application_id: null,
    };
    expect(orderSchema.parse(order).cancel_detail?.group).toBe('buyer');
    order.cancel_detail = { ...(order.cancel_detail as Json), group: 'weather' };
    expect(issuePaths(orderSchema.safeParse(order))).toEqual(['cancel_detail.group']);
  });

  it('keeps nullability as the spec says', () => {
    const order = specOrder();
    order.taxes = { amount: 1.5, currency_id: 'BRL' };
    order.fulfilled = true;
    order.status_detail = { code: 'item_price_restriction', description: null };
    expect(orderSchema.safeParse(order).success).toBe(true);
    for (const field of [
      'total_amount',
      'shipping',
      'feedback',
      'context',
      'hidden_for_seller',
      'application_id',
    ]) {
      const withNull = specOrder();
      withNull[field] = null;
      expect(issuePaths(orderSchema.safeParse(withNull))).toEqual([field]);
    }
  });

  it('rejects a string shipping id and an item id without site code', () => {
    const order = specOrder();
    order.shipping = { id: '44028792542' };
    (order.order_items as Json[])[0] = {
      ...(order.order_items as Json[])[0],
      item: { ...ITEM_DEFAULTS, id: '3737188005', title: 'x' },
    };
    expect(issuePaths(orderSchema.safeParse(order))).toEqual(['order_items.0.item.id', 'shipping.id']);
  });
});

describe('partialOrderSchema (206 with X-Content-Missing)', () => {
  it('accepts the named members returned empty, which the full form refuses', () => {
    const order = { ...specOrder(), buyer: {}, seller: {}, feedback: {}, shipping: {}, mediations: [] };
    expect(CONTENT_MISSING_MEMBERS).toEqual(['buyer', 'feedback', 'mediations', 'seller', 'shipping']);
    expect(partialOrderSchema.safeParse(order).success).toBe(true);
    expect(issuePaths(orderSchema.safeParse(order))).toEqual([
      'feedback.purchase',
      'feedback.sale',
      'shipping.id',
      'buyer.id',
      'seller.id',
    ]);
  });

  it('still rejects a half-filled member', () => {
    expect(partialOrderSchema.safeParse({ ...specOrder(), buyer: { nickname: 'X' } }).success).toBe(false);
  });
});

describe('orderSearchResultSchema and orderSearchEnvelopeSchema (GET /orders/search)', () => {
  it('refuses the recorded envelopes only for members they omit', () => {
    expect(
      issuesOf(orderSearchEnvelopeSchema, fixture('orders_search/ml-devsite-manage-sales-en-1.json')),
    ).toEqual({
      wrong: [],
      missing: [
        'results.0.expiration_date',
        'results.0.order_items.0.full_unit_price',
        'results.0.context',
        'results.0.cancel_detail',
        'results.0.coupon',
      ],
    });
    for (const name of ['gpupo-mercadolivre-sdk-1.json', 'gpupo-mercadolivre-sdk-2.json']) {
      const { wrong, missing } = issuesOf(orderSearchEnvelopeSchema, fixture(`orders_search/${name}`));
      expect(wrong).toEqual([]);
      expect(missing).toContain('results.0.last_updated');
    }
  });

  it.each([
    'ml-devsite-manage-sales-en-1.json',
    'gpupo-mercadolivre-sdk-1.json',
    'gpupo-mercadolivre-sdk-2.json',
  ])('parses orders_search/%s once brought to the spec form', (name) => {
    const parsed = orderSearchEnvelopeSchema.parse(completeEnvelope(fixture(`orders_search/${name}`)));
    expect(parsed.results).toHaveLength(1);
    expect(typeof parsed.results[0]?.buyer.id).toBe('number');
    expect(parsed.sort).toEqual({ id: 'date_asc', name: 'Date ascending' });
  });

  it('keeps full payments with their amounts', () => {
    const parsed = orderSearchResultSchema.parse(firstResult());
    expect(parsed.payments[0]?.marketplace_fee).toBe(14.290000000000001);
    expect(parsed.payments[0]?.collector.id).toBe(239432672);
    expect(parsed.seller.phone?.verified).toBe(false);
  });

  it('rejects string party ids (the single-order form)', () => {
    const result = firstResult();
    result.buyer = { id: '89660613' };
    result.seller = { ...(result.seller as Json), id: '239432672' };
    expect(issuePaths(orderSearchResultSchema.safeParse(result))).toEqual(['buyer.id', 'seller.id']);
  });

  it('requires both last_updated and date_last_updated', () => {
    const result = firstResult();
    delete result.date_last_updated;
    delete result.last_updated;
    expect(issuePaths(orderSearchResultSchema.safeParse(result))).toEqual([
      'last_updated',
      'date_last_updated',
    ]);
  });

  it('rejects short-form payments', () => {
    const result = firstResult();
    result.payments = [paymentShortSchema.parse((result.payments as Json[])[0])];
    const paths = issuePaths(orderSearchResultSchema.safeParse(result));
    expect(paths).toContain('payments.0.order_id');
    expect(paths).toContain('payments.0.collector');
  });

  it('rejects a payment with a numeric issuer_id or a string installments', () => {
    const result = firstResult();
    result.payments = [{ ...(result.payments as Json[])[0], issuer_id: 24, installments: '1' }];
    expect(issuePaths(orderSearchResultSchema.safeParse(result))).toEqual([
      'payments.0.installments',
      'payments.0.issuer_id',
    ]);
  });

  it('rejects an envelope without paging integers', () => {
    const envelope = completeEnvelope(fixture('orders_search/ml-devsite-manage-sales-en-1.json'));
    envelope.paging = { total: '1', offset: 0, limit: 50 };
    expect(issuePaths(orderSearchEnvelopeSchema.safeParse(envelope))).toEqual(['paging.total']);
  });

  it('accepts every status of ORDER_STATUSES', () => {
    expect(ORDER_STATUSES).toHaveLength(8);
    for (const status of ORDER_STATUSES) expect(orderStatusSchema.parse(status)).toBe(status);
  });
});

describe('orderProductSchema', () => {
  it('parses the docs example', () => {
    expect(
      orderProductSchema.parse(fixture('order_product/ml-devsite-manage-sales-en-1.json')).attributes[2],
    ).toEqual({
      name: 'entry_date',
      value: '01/01/2001',
      id: 3,
    });
  });

  it('rejects numeric values and string ids', () => {
    expect(orderProductSchema.safeParse({ attributes: [{ name: 'IMEI', value: 111, id: 1 }] }).success).toBe(
      false,
    );
    expect(
      orderProductSchema.safeParse({ attributes: [{ name: 'IMEI', value: '111', id: '1' }] }).success,
    ).toBe(false);
  });
});

describe('orderDiscountsSchema', () => {
  const discounts = () => fixture('order_discounts/ml-devsite-manage-sales-en-1.json');

  it('parses coupon, discount and cashback entries', () => {
    const parsed = orderDiscountsSchema.parse(discounts());
    expect(parsed.details.map((detail) => detail.type)).toEqual(['coupon', 'discount', 'cashback']);
    const [coupon, , cashback] = parsed.details;
    expect(coupon?.type === 'coupon' && coupon.coupon.id).toBe(569290732);
    expect(cashback?.type === 'cashback' && cashback.cashback.id).toBe('2251800174114906');
    expect(cashback?.items[0]?.element_id).toBe(1);
  });

  it('rejects a coupon without its coupon id, a string coupon id and a numeric cashback id', () => {
    const body = discounts();
    const [coupon, , cashback] = body.details as Json[];
    delete (coupon as Json).coupon;
    expect(issuePaths(orderDiscountsSchema.safeParse(body))).toEqual(['details.0.coupon']);
    (coupon as Json).coupon = { id: '569290732' };
    (cashback as Json).cashback = { id: 2251800174114906 };
    expect(issuePaths(orderDiscountsSchema.safeParse(body))).toEqual([
      'details.0.coupon.id',
      'details.2.cashback.id',
    ]);
  });

  it('rejects an unknown discount type and a cashback without counter_currency', () => {
    const body = discounts();
    const details = body.details as Json[];
    (details[1] as Json).type = 'rebate';
    delete (details[2] as Json).counter_currency;
    expect(issuePaths(orderDiscountsSchema.safeParse(body))).toEqual([
      'details.1.type',
      'details.2.counter_currency',
    ]);
  });
});
