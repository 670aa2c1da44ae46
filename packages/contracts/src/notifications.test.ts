import { describe, expect, it } from 'vitest';
import { notificationSchema, orderNotificationSchema } from './notifications.ts';
import { clone, issuePaths, issuesOf, readRealFixture } from './real-fixture.ts';

type Json = Record<string, unknown>;
const ordersV2 = () => clone(readRealFixture('notifications/ralvarezdev-mercadolibre-go-sdk-1.json')) as Json;

describe('notificationSchema', () => {
  it('parses the recorded orders_v2 body', () => {
    expect(notificationSchema.parse(ordersV2())).toEqual({
      resource: '/orders/2195160686',
      user_id: 468424240,
      topic: 'orders_v2',
      application_id: 5503910054141466,
      attempts: 1,
      sent: '2019-10-30T16:19:20.129Z',
      received: '2019-10-30T16:19:20.106Z',
    });
  });

  it('parses missed feed entries, which carry _id', () => {
    const feed = readRealFixture('missed_feeds/ralvarezdev-mercadolibre-go-sdk-1.json') as {
      messages: Json[];
    };
    const items = notificationSchema.parse(feed.messages[1]);
    expect(items._id).toBe('5da87eea5b35b865994cfd7d');
    expect(items.resource).toBe('/items/MLA820048955');
  });

  it('refuses the messages topic body, whose resource is not a path (spec 6: resource is a path)', () => {
    expect(
      issuesOf(notificationSchema, readRealFixture('notifications/ralvarezdev-mercadolibre-go-sdk-2.json')),
    ).toEqual({
      missing: [],
      wrong: ['resource'],
    });
  });

  it('rejects a string user_id (seen in a re-sent body), zero attempts and a bad sent time', () => {
    const body = ordersV2();
    Object.assign(body, { user_id: '468424240', attempts: 0, sent: '2019-10-30 16:19:20' });
    expect(issuePaths(notificationSchema.safeParse(body))).toEqual(['user_id', 'attempts', 'sent']);
  });
});

describe('orderNotificationSchema', () => {
  it('accepts orders_v2 and orders_feedback on /orders/<id>', () => {
    expect(orderNotificationSchema.parse(ordersV2()).topic).toBe('orders_v2');
    expect(orderNotificationSchema.safeParse({ ...ordersV2(), topic: 'orders_feedback' }).success).toBe(true);
  });

  it('rejects other resources and topics that the generic schema accepts', () => {
    const itemBody = { ...ordersV2(), resource: '/items/MLA820048955', topic: 'items' };
    expect(notificationSchema.safeParse(itemBody).success).toBe(true);
    expect(issuePaths(orderNotificationSchema.safeParse(itemBody))).toEqual(['resource', 'topic']);
    for (const resource of ['/orders/', '/orders/abc', '/orders/123/discounts', 'orders/123']) {
      expect(issuePaths(orderNotificationSchema.safeParse({ ...ordersV2(), resource }))).toEqual([
        'resource',
      ]);
    }
  });
});
