import {
  ORDER_SEARCH_MAX_LIST_VALUES,
  orderDiscountsSchema,
  orderProductSchema,
  orderSchema,
  orderSearchEnvelopeSchema,
  orderSearchParamsSchema,
} from '@mostrador/contracts';
import { Hono } from 'hono';
import { ApiError, badRequest } from '../http/api-error.ts';
import { type ApiContext, type ApiEnv, requireCaller } from '../http/env.ts';
import { actFor, actOnOrder, asOwner, asParty } from '../http/operator-access.ts';
import type { ResourceDescription } from '../http/resources.ts';
import type { OrderQuery } from './order-repository.ts';

const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

function parseOrderId(raw: string): number {
  if (raw === '' || raw === 'null' || raw === 'undefined') throw new ApiError('empty_order_id');
  if (!/^[1-9]\d{0,15}$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    throw new ApiError('invalid_order_id');
  return Number(raw);
}

export function orderRoutes(ctx: ApiContext) {
  const app = new Hono<ApiEnv>();

  app.get('/orders/search', async (c) => {
    const caller = requireCaller(c.get('caller'));
    const raw = c.req.query();
    const parsed = orderSearchParamsSchema.safeParse(raw);
    if (!parsed.success) {
      throw badRequest(
        parsed.error.issues[0]?.message ?? 'invalid search parameters',
        parsed.error.issues.map((i) => ({ code: 'invalid_parameter', message: i.message })),
      );
    }
    const q: OrderQuery = parsed.data;
    if (raw['caller.id'] !== undefined && raw['caller.id'] !== String(caller.userId)) {
      throw new ApiError('caller.id.invalid');
    }
    // The account's own token costs no query; a team member's rights are looked up (decision 0100).
    const reader =
      q.userId === caller.userId
        ? asOwner(caller)
        : await actFor(ctx, caller, q.userId, 'orders.read', () => new ApiError('caller.id.invalid'));
    const url = c.req.url;
    const body = await ctx.readModel.searchOrders(reader, q, raw, url.slice(url.indexOf('?')));
    return c.body(body, 200, JSON_TYPE);
  });

  app.get('/orders', () => {
    throw new ApiError('empty_order_id');
  });
  app.get('/orders/', () => {
    throw new ApiError('empty_order_id');
  });

  app.get('/orders/:id', async (c) => {
    const id = parseOrderId(c.req.param('id'));
    const caller = requireCaller(c.get('caller'));
    const row = await ctx.readModel.findOrder(id);
    if (!row) throw new ApiError('order_not_found');
    const reader = asParty(caller, row) ?? (await actOnOrder(ctx, caller, row, 'orders.read'));
    const { body, missing } = await ctx.readModel.orderBody(
      row,
      reader,
      c.req.header('x-format-new') !== 'true',
    );
    if (missing.length === 0) return c.body(body, 200, JSON_TYPE);
    return c.body(body, 206, { ...JSON_TYPE, 'X-Content-Missing': missing.join(',') });
  });

  app.get('/orders/:id/product', async (c) => {
    const id = parseOrderId(c.req.param('id'));
    const caller = requireCaller(c.get('caller'));
    const owners = await ctx.orders.owners(id);
    if (!owners) throw new ApiError('order_not_found');
    await actOnOrder(ctx, caller, owners, 'orders.read');
    return c.body(`{"attributes":${await ctx.orders.product(id)}}`, 200, JSON_TYPE);
  });

  app.get('/orders/:id/discounts', async (c) => {
    const id = parseOrderId(c.req.param('id'));
    const caller = requireCaller(c.get('caller'));
    const owners = await ctx.orders.owners(id);
    if (!owners) throw new ApiError('order_not_found');
    await actOnOrder(ctx, caller, owners, 'orders.read');
    return c.body(`{"details":${await ctx.orders.discounts(id)}}`, 200, JSON_TYPE);
  });

  return app;
}

const orderAttributes: Record<string, string> = {
  id: 'Unique order identifier.',
  status:
    'Order status: confirmed, payment_required, payment_in_process, partially_paid, paid, cancelled, invalid.',
  status_detail: 'Status detail with code and description.',
  date_created: 'Creation date.',
  date_closed: 'Confirmation date, set when the order is first confirmed or paid.',
  expiration_date: 'Deadline to qualify; then feedback becomes visible and payments are released.',
  last_updated: 'Last update.',
  date_last_updated: 'Last update.',
  order_items: 'Items of the order.',
  total_amount: 'Total invoice amount.',
  paid_amount: 'Amount paid, including shipping when paid.',
  currency_id: 'ISO currency id.',
  buyer: 'Buyer: id (a string here), nickname and, when visible to the caller, names and phones.',
  seller: 'Seller: id (a string here), nickname and, when visible to the caller, names and phones.',
  payments: 'Payments (short form).',
  feedback: 'purchase and sale feedback, each nullable.',
  context: 'channel, site and flows of the order creation.',
  shipping: 'id of the shipment.',
  tags: 'Tags of the order.',
  taxes: 'amount and currency_id of taxes to pay.',
  cancel_detail: 'group, code, description, requested_by, date and application_id of a cancellation.',
  fulfilled: 'Fulfilment flag.',
  buying_mode: 'buy_equals_pay.',
  coupon: 'id and amount of a coupon.',
  shipping_cost: 'Shipping cost paid by the buyer.',
  mediations: 'Mediations of the order.',
};

export const orderResources: ResourceDescription[] = [
  {
    path: '/orders/search',
    name: 'Order search',
    description:
      'Orders of a seller or a buyer, filtered, sorted and paged. The caller must be that seller or buyer, or ' +
      'an operator of that account with orders.read.',
    attributes: {
      query: 'The q value.',
      results: 'Orders (search form: buyer and seller ids are integers, payments in full).',
      sort: 'Applied sort.',
      available_sorts: 'Other sorts.',
      filters: 'Applied filters.',
      paging: 'total, offset and limit.',
      display: 'complete.',
    },
    methods: [
      {
        method: 'GET',
        example: '/orders/search?seller=123456789&order.status=paid&sort=date_desc',
        description:
          'Search orders. One of seller or buyer is required and must be the caller. Comma-separated ' +
          `parameters take at most ${ORDER_SEARCH_MAX_LIST_VALUES} values each.`,
        query: {
          seller: 'Seller id.',
          buyer: 'Buyer id.',
          item: 'Item id or title.',
          q: 'Order id, item id, item title or the counterpart nickname.',
          tags: 'Comma-separated tags the orders carry.',
          'tags.not': 'Comma-separated tags the orders do not carry.',
          'order.status': 'Comma-separated statuses.',
          'order.date_created.from': 'Timestamp.',
          'order.date_created.to': 'Timestamp.',
          'order.date_closed.from': 'Timestamp.',
          'order.date_closed.to': 'Timestamp.',
          'order.date_last_updated.from': 'Timestamp.',
          'order.date_last_updated.to': 'Timestamp.',
          'mediations.stage': 'Comma-separated mediation stages.',
          'mediations.status': 'Comma-separated mediation statuses.',
          'feedback.status': 'pending, waiting_seller, waiting_buyer, complete.',
          'feedback.sale.rating': 'positive, neutral, negative.',
          'feedback.purchase.rating': 'positive, neutral, negative.',
          'feedback.sale.fulfilled': 'true or false.',
          'feedback.purchase.fulfilled': 'true or false.',
          'delivery.case':
            'Ours (docs/decisions/0093): comma-separated rows of spec 1’s delivery table: own_with_evidence, ' +
            'own_without_evidence, platform_not_shipped, platform_shipped.',
          sort: 'date_asc (default) or date_desc.',
          offset: 'Default 0.',
          limit: 'Default 50, at most 51.',
        },
        response: orderSearchEnvelopeSchema,
        auth: 'required',
      },
    ],
    related_resources: ['/orders/{order_id}'],
    connections: { order: '/orders/{order_id}' },
  },
  {
    path: '/orders/{order_id}',
    name: 'Order',
    description:
      "One order, for its seller or buyer, or an operator of either with orders.read (the counterpart's names " +
      'and phones only with buyers.personal_data.read).',
    attributes: orderAttributes,
    methods: [
      {
        method: 'GET',
        example: '/orders/2000003456789012',
        description: 'Read an order. 206 with X-Content-Missing when members could not be loaded.',
        headers: { 'x-format-new': 'true selects the new format (shipping as {id}).' },
        response: orderSchema,
        auth: 'required',
      },
    ],
    related_resources: [
      '/orders/{order_id}/product',
      '/orders/{order_id}/discounts',
      '/shipments/{shipping_id}',
    ],
    connections: {
      product: '/orders/{order_id}/product',
      discounts: '/orders/{order_id}/discounts',
      shipment: '/shipments/{shipping_id}',
    },
  },
  {
    path: '/orders/{order_id}/product',
    name: 'Order product',
    description: 'Product attributes recorded with the order (serial numbers, IMEI, dates).',
    attributes: { attributes: 'Array of {name, value, id}.' },
    methods: [
      {
        method: 'GET',
        example: '/orders/2000003456789012/product',
        description: 'Read the product attributes of an order.',
        response: orderProductSchema,
        auth: 'required',
      },
    ],
    related_resources: ['/orders/{order_id}'],
    connections: { order: '/orders/{order_id}' },
  },
  {
    path: '/orders/{order_id}/discounts',
    name: 'Order discounts',
    description: 'Coupons, discounts and cashback applied to the order, with the part borne by the seller.',
    attributes: { details: 'Array of coupon, discount and cashback entries.' },
    methods: [
      {
        method: 'GET',
        example: '/orders/2000003456789012/discounts',
        description: 'Read the discounts of an order.',
        response: orderDiscountsSchema,
        auth: 'required',
      },
    ],
    related_resources: ['/orders/{order_id}'],
    connections: { order: '/orders/{order_id}' },
  },
];
