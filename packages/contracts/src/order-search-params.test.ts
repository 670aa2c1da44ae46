import { describe, expect, it } from 'vitest';
import { DELIVERY_CASES } from './delivery.ts';
import {
  ORDER_SEARCH_LIST_PARAMS,
  ORDER_SEARCH_MAX_LIST_VALUES,
  ORDER_SEARCH_PARAM_KEYS,
  ORDER_SORTS,
  orderSearchParamsSchema,
  orderSearchUrlSchema,
} from './order-search-params.ts';

const parse = (query: Record<string, string>) => orderSearchParamsSchema.safeParse(query);

function issues(query: Record<string, unknown>): { path: string; message: string }[] {
  const result = orderSearchParamsSchema.safeParse(query);
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

const paths = (query: Record<string, unknown>) => issues(query).map((issue) => issue.path);

describe('orderSearchParamsSchema: defaults and side', () => {
  it('applies the defaults of spec 4.2 and 8', () => {
    expect(orderSearchParamsSchema.parse({ seller: '239432672' })).toEqual({
      side: 'seller',
      userId: 239432672,
      sort: 'date_asc',
      offset: 0,
      limit: 50,
    });
  });

  it('identifies the buyer side', () => {
    expect(orderSearchParamsSchema.parse({ buyer: '89660613' })).toMatchObject({
      side: 'buyer',
      userId: 89660613,
    });
  });

  it('requires one of seller or buyer', () => {
    expect(issues({})).toEqual([{ path: '', message: 'one of seller or buyer is required' }]);
    expect(issues({ q: '2032217210' })).toEqual([
      { path: '', message: 'one of seller or buyer is required' },
    ]);
  });

  it('refuses seller and buyer together', () => {
    expect(issues({ seller: '1', buyer: '2' })).toEqual([
      { path: 'buyer', message: 'seller and buyer cannot be combined' },
    ]);
  });

  it.each(['0', '-1', '1.5', 'abc', '', '01', ' 1', '9007199254740993'])('rejects seller %j', (seller) => {
    expect(paths({ seller })).toContain('seller');
  });
});

describe('orderSearchParamsSchema: every key', () => {
  it('parses every filter into the typed object', () => {
    const parsed = orderSearchParamsSchema.parse({
      seller: '239432672',
      item: 'MLB1054990648',
      q: 'Adesivo',
      tags: 'paid,delivered',
      'tags.not': 'test_order',
      'order.status': 'paid,cancelled,manually_cancelled',
      'order.date_created.from': '2019-05-01T00:00:00.000-04:00',
      'order.date_created.to': '2019-06-01T00:00:00-04:00',
      'order.date_closed.from': '2019-05-22T07:51:07Z',
      'order.date_closed.to': '2019-05-22T07:51:07.000Z',
      'order.date_last_updated.from': '2020-02-14T02:55:49.811Z',
      'order.date_last_updated.to': '2020-02-15T00:00:00+00:00',
      'mediations.stage': 'claim,dispute',
      'mediations.status': 'claim_opened',
      'feedback.status': 'pending,waiting_buyer',
      'feedback.sale.rating': 'positive,neutral',
      'feedback.purchase.rating': 'negative',
      'feedback.sale.fulfilled': 'true',
      'feedback.purchase.fulfilled': 'false',
      sort: 'date_desc',
      offset: '10000',
      limit: '51',
    });
    expect(parsed).toEqual({
      side: 'seller',
      userId: 239432672,
      item: 'MLB1054990648',
      q: 'Adesivo',
      tags: ['paid', 'delivered'],
      tagsNot: ['test_order'],
      statuses: ['paid', 'cancelled', 'manually_cancelled'],
      dateCreated: { from: Date.UTC(2019, 4, 1, 4), to: Date.UTC(2019, 5, 1, 4) },
      dateClosed: { from: Date.UTC(2019, 4, 22, 7, 51, 7), to: Date.UTC(2019, 4, 22, 7, 51, 7) },
      dateLastUpdated: { from: Date.UTC(2020, 1, 14, 2, 55, 49, 811), to: Date.UTC(2020, 1, 15) },
      mediationStages: ['claim', 'dispute'],
      mediationStatuses: ['claim_opened'],
      feedbackStatuses: ['pending', 'waiting_buyer'],
      saleRatings: ['positive', 'neutral'],
      purchaseRatings: ['negative'],
      saleFulfilled: true,
      purchaseFulfilled: false,
      sort: 'date_desc',
      offset: 10000,
      limit: 51,
    });
  });

  it('keeps a one-sided date range', () => {
    expect(
      orderSearchParamsSchema.parse({ seller: '1', 'order.date_closed.to': '2026-01-01T00:00:00Z' }),
    ).toMatchObject({
      dateClosed: { to: Date.UTC(2026, 0, 1) },
    });
    const parsed = orderSearchParamsSchema.parse({
      seller: '1',
      'order.date_closed.to': '2026-01-01T00:00:00Z',
    });
    expect(parsed.dateClosed).not.toHaveProperty('from');
    expect(parsed).not.toHaveProperty('dateCreated');
  });

  it('accepts and drops the common parameters', () => {
    const parsed = orderSearchParamsSchema.parse({
      buyer: '2',
      callback: 'foo',
      attributes: 'results,paging',
      access_token: 'APP_USR-1',
      'caller.id': '2',
    });
    expect(parsed).toEqual({ side: 'buyer', userId: 2, sort: 'date_asc', offset: 0, limit: 50 });
  });

  it('lists the 23 keys of spec 4.2 and our delivery.case for the URL schema', () => {
    expect(ORDER_SEARCH_PARAM_KEYS).toHaveLength(24);
    expect(ORDER_SEARCH_PARAM_KEYS).toContain('order.date_last_updated.to');
    expect(ORDER_SEARCH_PARAM_KEYS).toContain('delivery.case');
  });

  it('parses the delivery.case extension and rejects unknown cases', () => {
    const parsed = orderSearchParamsSchema.parse({
      seller: '1',
      'delivery.case': 'own_with_evidence,platform_shipped',
    });
    expect(parsed.deliveryCases).toEqual(['own_with_evidence', 'platform_shipped']);
    expect(orderSearchParamsSchema.safeParse({ seller: '1', 'delivery.case': 'shipped' }).success).toBe(
      false,
    );
    expect(orderSearchParamsSchema.safeParse({ seller: '1', 'delivery.case': '' }).success).toBe(false);
  });

  it('exports the two sorts of the platform', () => {
    expect(ORDER_SORTS).toEqual([
      { id: 'date_asc', name: 'Date ascending' },
      { id: 'date_desc', name: 'Date descending' },
    ]);
  });
});

describe('orderSearchParamsSchema: rejections', () => {
  it('rejects an unknown key, naming it', () => {
    expect(issues({ seller: '1', status: 'paid' })).toEqual([
      { path: '', message: 'unknown search parameter: status' },
    ]);
    expect(issues({ seller: '1', foo: 'x', 'order.date_created': 'y' })[0]?.message).toBe(
      'unknown search parameters: foo, order.date_created',
    );
  });

  it.each(['0', '52', 'abc', '', '-1', '1.5', '050'])('rejects limit %j', (limit) => {
    expect(paths({ seller: '1', limit })).toEqual(['limit']);
  });

  it('accepts the limit bounds 1 and 51', () => {
    expect(parse({ seller: '1', limit: '1' }).data?.limit).toBe(1);
    expect(parse({ seller: '1', limit: '51' }).data?.limit).toBe(51);
  });

  it.each(['-1', '10001', 'x', '1e3'])('rejects offset %j', (offset) => {
    expect(paths({ seller: '1', offset })).toEqual(['offset']);
  });

  it.each(['relevance', 'DATE_ASC', ''])('rejects sort %j', (sort) => {
    expect(paths({ seller: '1', sort })).toEqual(['sort']);
  });

  it.each(['shipped', 'paid,', 'PAID', 'paid,refunded'])('rejects order.status %j', (status) => {
    expect(paths({ seller: '1', 'order.status': status })).toEqual(['order.status']);
  });

  it.each([
    '2026-01-05',
    '2026-01-05T10:30:00',
    '2026-01-05T10:30:00.000',
    '2026-02-30T10:30:00Z',
    '1767619800000',
    'yesterday',
  ])('rejects the timestamp %j', (value) => {
    for (const key of ['order.date_created.from', 'order.date_closed.to', 'order.date_last_updated.from']) {
      expect(paths({ seller: '1', [key]: value })).toEqual([key]);
    }
  });

  it.each([
    ['order.date_created.from', 'order.date_created.to'],
    ['order.date_closed.from', 'order.date_closed.to'],
    ['order.date_last_updated.from', 'order.date_last_updated.to'],
  ])('rejects %s later than %s, comparing instants across offsets', (fromKey, toKey) => {
    expect(
      issues({
        seller: '1',
        [fromKey]: '2026-01-01T10:00:00.000-03:00',
        [toKey]: '2026-01-01T12:00:00.000Z',
      }),
    ).toEqual([{ path: fromKey, message: `${fromKey} is later than ${toKey}` }]);
    expect(
      parse({ seller: '1', [fromKey]: '2026-01-01T10:00:00-03:00', [toKey]: '2026-01-01T13:00:00Z' }).success,
    ).toBe(true);
  });

  it.each([
    ['tags', 'paid,,delivered'],
    ['tags', ''],
    ['tags', 'Paid'],
    ['tags.not', 'fraud-risk'],
    ['mediations.stage', 'claim1'],
    ['mediations.status', 'claim opened'],
    ['feedback.status', ',pending'],
    ['feedback.sale.rating', 'good'],
    ['feedback.purchase.rating', 'positive,'],
  ])('rejects %s=%j', (key, value) => {
    expect(paths({ seller: '1', [key]: value })).toEqual([key]);
  });

  it('names empty entries in the message', () => {
    expect(issues({ seller: '1', tags: 'paid,,delivered' })[0]?.message).toMatch(/^empty entry/);
  });

  it.each(['yes', '1', 'TRUE', ''])('rejects fulfilled %j', (value) => {
    expect(
      paths({ seller: '1', 'feedback.sale.fulfilled': value, 'feedback.purchase.fulfilled': value }),
    ).toEqual(['feedback.sale.fulfilled', 'feedback.purchase.fulfilled']);
  });

  it('rejects item and q outside their lengths', () => {
    expect(paths({ seller: '1', item: '' })).toEqual(['item']);
    expect(paths({ seller: '1', item: 'x'.repeat(121) })).toEqual(['item']);
    expect(parse({ seller: '1', item: 'x'.repeat(120) }).success).toBe(true);
    expect(paths({ seller: '1', q: '' })).toEqual(['q']);
    expect(paths({ seller: '1', q: 'x'.repeat(201) })).toEqual(['q']);
    expect(parse({ seller: '1', q: 'x'.repeat(200) }).success).toBe(true);
  });

  it('rejects non-string values (repeated keys arrive as arrays)', () => {
    expect(paths({ seller: ['1', '2'] })).toContain('seller');
    expect(paths({ seller: '1', limit: 50 })).toEqual(['limit']);
  });

  it('reports every problem at once', () => {
    expect(paths({ seller: '1', limit: '0', offset: '-1', sort: 'x' })).toEqual(['sort', 'offset', 'limit']);
  });
});

describe('orderSearchUrlSchema', () => {
  it('keeps the URL state as strings without defaults', () => {
    expect(orderSearchUrlSchema.parse({ 'order.status': 'paid', limit: '20', sort: 'date_desc' })).toEqual({
      'order.status': 'paid',
      limit: '20',
      sort: 'date_desc',
    });
    expect(orderSearchUrlSchema.parse({})).toEqual({});
  });

  it('applies the same checks as the API', () => {
    const result = orderSearchUrlSchema.safeParse({ limit: '52', 'order.status': 'shipped', tags: 'a,,b' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'tags',
      'order.status',
      'limit',
    ]);
  });

  it('rejects both sides and inverted date ranges', () => {
    expect(orderSearchUrlSchema.safeParse({ seller: '1', buyer: '2' }).success).toBe(false);
    const inverted = orderSearchUrlSchema.safeParse({
      'order.date_created.from': '2026-02-01T00:00:00Z',
      'order.date_created.to': '2026-01-01T00:00:00Z',
    });
    expect(inverted.error?.issues[0]?.path).toEqual(['order.date_created.from']);
  });

  it('drops keys that are not filters, including tokens', () => {
    expect(
      orderSearchUrlSchema.parse({ limit: '10', access_token: 'APP_USR-1', utm_source: 'mail' }),
    ).toEqual({ limit: '10' });
  });

  it('does not accept numbers: URL state is strings', () => {
    expect(orderSearchUrlSchema.safeParse({ limit: 10 }).success).toBe(false);
  });
});

describe('comma-separated parameters', () => {
  it('take at most ORDER_SEARCH_MAX_LIST_VALUES values, in the API query and in the URL state alike', () => {
    for (const key of ORDER_SEARCH_LIST_PARAMS) {
      const value = (n: number) =>
        Array(n)
          .fill(
            key === 'order.status'
              ? 'paid'
              : key.includes('rating')
                ? 'positive'
                : key === 'delivery.case'
                  ? DELIVERY_CASES[0]
                  : key === 'feedback.status'
                    ? 'pending'
                    : 'a',
          )
          .join(',');
      const atCap = { seller: '1', [key]: value(ORDER_SEARCH_MAX_LIST_VALUES) };
      const pastCap = { seller: '1', [key]: value(ORDER_SEARCH_MAX_LIST_VALUES + 1) };
      expect(orderSearchParamsSchema.safeParse(atCap).success, key).toBe(true);
      expect(orderSearchUrlSchema.safeParse(atCap).success, key).toBe(true);
      for (const schema of [orderSearchParamsSchema, orderSearchUrlSchema]) {
        const refused = schema.safeParse(pastCap);
        expect(refused.error?.issues[0]?.message, key).toBe(
          `${key} takes at most ${ORDER_SEARCH_MAX_LIST_VALUES} comma-separated values`,
        );
        expect(refused.error?.issues[0]?.path, key).toEqual([key]);
      }
    }
  });
});
