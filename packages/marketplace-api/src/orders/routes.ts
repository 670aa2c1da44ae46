import {
  CONTENT_MISSING_MEMBERS,
  legacyOrderSchema,
  ORDER_SEARCH_MAX_LIST_VALUES,
  orderDiscountsSchema,
  orderProductSchema,
  orderSchema,
  orderSearchEnvelopeSchema,
  partialLegacyOrderSchema,
  partialOrderSchema,
} from '@mostrador/contracts';
import type { Context } from 'hono';
import { ApiError } from '../http/api-error.ts';
import type { PlatformOptions } from '../http/env.ts';
import { type ApiEnv, requireCaller } from '../http/env.ts';
import { wantsNewFormat } from '../http/format.ts';
import { JSON_TYPE } from '../http/json-answer.ts';
import { actFor, actOnOrder, asOwner, asParty } from '../http/operator-access.ts';
import { defineResource } from '../http/resources.ts';
import { simulatedMissing, simulateMissingHeader } from '../http/simulated-missing.ts';
import type { OperatorRepository } from '../users/operator-repository.ts';
import { parseOrderId } from './order-id.ts';
import type { OrderRepository } from './order-repository.ts';
import type { OrderReadModel } from './read-model/index.ts';
import { searchQuery } from './search-query.ts';

/** What order reads and searches need. */
export interface OrderReadDeps {
  orders: OrderRepository;
  readModel: OrderReadModel;
  operators: OperatorRepository;
  platform: PlatformOptions;
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

export const orderSearch = defineResource({
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
  related_resources: ['/orders/{order_id}'],
  connections: { order: '/orders/{order_id}' },
  methods: {
    GET: {
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
        'feedback.status': 'Comma-separated: pending, waiting_seller, waiting_buyer, complete.',
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
        'caller.id': 'When given, the id of the caller (the seller or buyer searched, or its operator).',
      },
      response: orderSearchEnvelopeSchema,
      auth: 'required',
      async handle(c, deps: OrderReadDeps) {
        const caller = requireCaller(c.get('caller'));
        const { raw, query: q, queryString } = searchQuery(c);
        // The account's own token costs no query; a team member's rights are looked up (decision 0100).
        const reader =
          q.userId === caller.userId
            ? asOwner(caller)
            : await actFor(deps, caller, q.userId, 'orders.read', () => new ApiError('caller.id.invalid'));
        const body = await deps.readModel.searchOrders(
          reader,
          q,
          raw,
          queryString,
          await c.var.storeVersion(),
        );
        return c.body(body, 200, JSON_TYPE);
      },
    },
  },
});

export const order = defineResource({
  path: '/orders/{order_id}',
  // `/orders/` is an order read without an id: 400 empty_order_id (decision 0005).
  emptyLastParameter: true,
  name: 'Order',
  description:
    "One order, for its seller or buyer, or an operator of either with orders.read (the counterpart's names " +
    'and phones only with buyers.personal_data.read).',
  attributes: orderAttributes,
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
  methods: {
    GET: {
      example: '/orders/2000003456789012',
      description: 'Read an order. 206 with X-Content-Missing when members could not be loaded.',
      headers: {
        'x-format-new': 'true selects the new format (shipping as {id}); false or absent, the legacy one.',
        ...simulateMissingHeader(CONTENT_MISSING_MEMBERS),
      },
      response: orderSchema.or(legacyOrderSchema),
      partial: partialOrderSchema.or(partialLegacyOrderSchema),
      auth: 'required',
      async handle(c, deps: OrderReadDeps) {
        const id = parseOrderId(c.req.param('order_id'));
        const legacy = !wantsNewFormat(c);
        const failed = simulatedMissing(c, deps, CONTENT_MISSING_MEMBERS);
        const caller = requireCaller(c.get('caller'));
        const at = await c.var.storeVersion();
        const row = await deps.readModel.findOrder(id, at);
        if (!row) throw new ApiError('order_not_found');
        const reader = asParty(caller, row) ?? (await actOnOrder(deps, caller, row, 'orders.read'));
        const { body, missing } = await deps.readModel.orderBody(row, reader, legacy, at, failed);
        if (missing.length === 0) return c.body(body, 200, JSON_TYPE);
        return c.body(body, 206, { ...JSON_TYPE, 'X-Content-Missing': missing.join(',') });
      },
    },
  },
});

/** The id of an order the caller may read (its parts: product attributes, discounts). */
async function readableOrder(deps: OrderReadDeps, c: Context<ApiEnv>, raw: string): Promise<number> {
  const id = parseOrderId(raw);
  const caller = requireCaller(c.get('caller'));
  const owners = await deps.orders.owners(id);
  if (!owners) throw new ApiError('order_not_found');
  await actOnOrder(deps, caller, owners, 'orders.read');
  return id;
}

export const orderProduct = defineResource({
  path: '/orders/{order_id}/product',
  name: 'Order product',
  description: 'Product attributes recorded with the order (serial numbers, IMEI, dates).',
  attributes: { attributes: 'Array of {name, value, id}.' },
  related_resources: ['/orders/{order_id}'],
  connections: { order: '/orders/{order_id}' },
  methods: {
    GET: {
      example: '/orders/2000003456789012/product',
      description: 'Read the product attributes of an order.',
      response: orderProductSchema,
      auth: 'required',
      async handle(c, deps: OrderReadDeps) {
        const id = await readableOrder(deps, c, c.req.param('order_id'));
        return c.body(`{"attributes":${await deps.orders.product(id)}}`, 200, JSON_TYPE);
      },
    },
  },
});

export const orderDiscounts = defineResource({
  path: '/orders/{order_id}/discounts',
  name: 'Order discounts',
  description: 'Coupons, discounts and cashback applied to the order, with the part borne by the seller.',
  attributes: { details: 'Array of coupon, discount and cashback entries.' },
  related_resources: ['/orders/{order_id}'],
  connections: { order: '/orders/{order_id}' },
  methods: {
    GET: {
      example: '/orders/2000003456789012/discounts',
      description: 'Read the discounts of an order.',
      response: orderDiscountsSchema,
      auth: 'required',
      async handle(c, deps: OrderReadDeps) {
        const id = await readableOrder(deps, c, c.req.param('order_id'));
        return c.body(`{"details":${await deps.orders.discounts(id)}}`, 200, JSON_TYPE);
      },
    },
  },
});
