import {
  createOrderBodySchema,
  orderCancelBodySchema,
  orderChangeSchema,
  orderPaymentBodySchema,
} from '@mostrador/contracts';
import type { Context } from 'hono';
import { z } from 'zod';
import type { OrdersTable } from '../db/schema.ts';
import { toMinor } from '../domain/money.ts';
import { LifecycleError } from '../domain/order-lifecycle.ts';
import type { Clock } from '../domain/time.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import type { PlatformOptions } from '../http/env.ts';
import { type ApiEnv, requireCaller } from '../http/env.ts';
import { json } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { operatorAccess } from '../http/platform-access.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import type { Caller } from '../oauth/token-repository.ts';
import { parseOrderId } from './order-id.ts';
import type { OrderWriteRepository, WrittenOrder } from './order-write-repository.ts';

/** What the order life cycle needs. */
export interface LifecycleDeps {
  clock: Clock;
  orderWrites: OrderWriteRepository;
  platform: PlatformOptions;
}

/** Runs a life-cycle write; a refusal of the domain becomes its error code, with nothing written. */
async function write(run: () => Promise<WrittenOrder | undefined>): Promise<WrittenOrder | undefined> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LifecycleError) throw new ApiError(error.code, { message: error.message });
    throw error;
  }
}

/** Runs a write on an existing order and answers the order after it. */
async function change(c: Context, run: () => Promise<WrittenOrder | undefined>, status: 200 | 201 = 200) {
  const written = await write(run);
  if (!written) throw new ApiError('order_not_found');
  return json(c, summary(written.row), status);
}

/** The answer of every operation: the order's state after it, from the row just written. */
function summary(row: OrdersTable) {
  const doc = JSON.parse(Buffer.from(row.doc).toString('utf8')) as Record<string, unknown>;
  return {
    id: Number(row.id),
    status: doc.status,
    status_detail: doc.status_detail,
    date_created: doc.date_created,
    date_closed: doc.date_closed,
    last_updated: doc.last_updated,
    order_items: doc.order_items,
    total_amount: doc.total_amount,
    paid_amount: doc.paid_amount,
    currency_id: doc.currency_id,
    tags: doc.tags,
    cancel_detail: doc.cancel_detail,
    payments: JSON.parse(Buffer.from(row.payments_short).toString('utf8')),
    buyer: { id: Number(row.buyer_id) },
    seller: { id: Number(row.seller_id) },
  };
}

/** A body that must be absent or `{}`: these operations take no input. */
async function noInput(c: Context<ApiEnv>) {
  const length = c.req.header('content-length');
  if (length === undefined || length === '0') {
    if (length === '0' || (await c.req.text()) === '') return;
  }
  await jsonBody(c, z.strictObject({}));
}

async function orderOf(deps: LifecycleDeps, id: number) {
  const parties = await deps.orderWrites.parties(id);
  if (!parties) throw new ApiError('order_not_found');
  return parties;
}

/** The order, for the one party an operation belongs to: the other party is told why not, anyone else not_owned_order. */
async function partyOrder(
  deps: LifecycleDeps,
  id: number,
  caller: Caller,
  side: 'buyer' | 'seller',
  refusal: string,
) {
  const order = await orderOf(deps, id);
  const [own, other] = side === 'buyer' ? [order.buyerId, order.sellerId] : [order.sellerId, order.buyerId];
  if (other === caller.userId) throw new ApiError('forbidden', { message: refusal });
  if (own !== caller.userId) throw new ApiError('not_owned_order');
  return order;
}

const now = (deps: LifecycleDeps) => deps.clock().getTime();

const changeAttributes: Record<string, string> = {
  id: 'Order id.',
  status: 'Status after the operation.',
  status_detail: 'Status detail or null.',
  date_created: 'Creation date.',
  date_closed: 'Set when the order is first confirmed or paid (its items leave stock then).',
  last_updated: 'Time of this change.',
  order_items: 'Items of the order.',
  total_amount: 'Total amount.',
  paid_amount: 'Approved payments.',
  currency_id: 'Currency.',
  tags: 'Tags (paid, fraud_risk_detected, …).',
  cancel_detail: 'Cancellation detail or null.',
  payments: 'Payments, short form.',
  buyer: '{id}.',
  seller: '{id}.',
};

export const orderCreation = defineResource({
  path: '/orders',
  name: 'Order creation',
  description:
    'A buyer orders listed items of one seller (local use; docs/decisions/0041-order-life-cycle-endpoints.md). ' +
    'The order starts confirmed (its items leave stock at once), or payment_required when the seller accepts only ' +
    'the platform’s payment mode. Sends orders_v2 to the seller’s applications.',
  attributes: changeAttributes,
  related_resources: ['/orders/{order_id}', '/orders/{order_id}/payments'],
  connections: { order: '/orders/{order_id}' },
  methods: {
    POST: {
      example: '/orders',
      description:
        'Create an order as the caller (the buyer): {seller_id, items: [{id, quantity}]}. 201 with the order; 403 ' +
        'blocked_buyer when the seller blocked the caller from buying; 409 out_of_stock; 400 for items not the ' +
        'seller’s; 404 for an unknown seller.',
      body: createOrderBodySchema,
      response: orderChangeSchema,
      status: 201,
      responseHeaders: { Location: 'The new order, under the API’s root (`/orders/{order_id}`).' },
      errors: [409],
      auth: 'required',
      async handle(c, deps: LifecycleDeps) {
        const caller = requireCaller(c.get('caller'));
        const body = await jsonBody(c, createOrderBodySchema);
        const written = await write(() =>
          deps.orderWrites.create({
            buyerId: caller.userId,
            sellerId: body.seller_id,
            items: body.items,
            applicationId: caller.applicationId,
            now: now(deps),
          }),
        );
        if (!written) throw new ApiError('not_found', { message: 'Seller not found' });
        return json(c, summary(written.row), 201, { Location: `/orders/${written.order.id}` });
      },
    },
  },
});

export const orderPayments = defineResource({
  path: '/orders/{order_id}/payments',
  name: 'Order payments',
  description:
    'Payments of an order, recorded by its buyer: pending, in_process, approved or rejected. The order’s status ' +
    'follows: paid when approved payments cover total and shipping, partially_paid below, payment_in_process, ' +
    'payment_required. A pending or in_process payment not moved on within three days ends cancelled, ' +
    'status_detail expired; at the order’s expiration_date approved payments are released (no refund on offer).',
  attributes: changeAttributes,
  related_resources: ['/orders/{order_id}'],
  connections: { order: '/orders/{order_id}' },
  methods: {
    POST: {
      example: '/orders/2000003508419013/payments',
      description:
        'Record a payment: {status, amount?, payment_method_id?} adds one (amount defaults to what is due); ' +
        '{status, payment_id} moves a pending or in-process one on. 201 with the order; 409 invalid_order_status ' +
        'on a cancelled, invalid or paid order; 409 out_of_stock when payment would close an order whose items ' +
        'are gone; 404 payment_not_found.',
      body: orderPaymentBodySchema,
      response: orderChangeSchema,
      status: 201,
      errors: [409],
      auth: 'required',
      async handle(c, deps: LifecycleDeps) {
        const id = parseOrderId(c.req.param('order_id'));
        const caller = requireCaller(c.get('caller'));
        const order = await partyOrder(deps, id, caller, 'buyer', 'Only the buyer pays for an order.');
        const body = await jsonBody(c, orderPaymentBodySchema);
        let amountMinor: number | undefined;
        if (body.amount !== undefined) {
          amountMinor = toMinor(body.amount, order.decimals);
          if (Math.abs(amountMinor / 10 ** order.decimals - body.amount) > 1e-9) {
            throw badRequest(`amount: at most ${order.decimals} decimal places in the order's currency`, [
              { code: 'invalid_field', message: 'amount has more decimal places than the currency' },
            ]);
          }
        }
        return change(
          c,
          () =>
            deps.orderWrites.pay(id, {
              status: body.status,
              amountMinor,
              paymentId: body.payment_id,
              paymentMethodId: body.payment_method_id,
              now: now(deps),
            }),
          201,
        );
      },
    },
  },
});

export const orderCancellation = defineResource({
  path: '/orders/{order_id}/cancel',
  name: 'Order cancellation',
  description:
    'The seller cancels an order that is not cancelled or invalid yet: approved payments are refunded and items ' +
    'taken from stock go back. By spec 1’s delivery table (docs/decisions/0090): on the seller’s own delivery the ' +
    'seller is told by e-mail or phone; with the platform’s shipping before the package reaches the carrier the ' +
    'shipment is cancelled too; once shipped the carrier returns the item (cancel_detail group delivery, code ' +
    'carrier_return).',
  attributes: changeAttributes,
  related_resources: ['/orders/{order_id}'],
  connections: { order: '/orders/{order_id}' },
  methods: {
    POST: {
      example: '/orders/2000003508419013/cancel',
      description:
        'Cancel: {code: seller_out_of_stock | seller_cancel_sale | fraud_risk_detected} (the last only after a ' +
        'fraud alert). 200 with the order; 403 for the buyer; 409 invalid_order_status.',
      body: orderCancelBodySchema,
      response: orderChangeSchema,
      errors: [409],
      auth: 'required',
      async handle(c, deps: LifecycleDeps) {
        const id = parseOrderId(c.req.param('order_id'));
        const caller = requireCaller(c.get('caller'));
        await partyOrder(deps, id, caller, 'seller', 'Only the seller cancels an order.');
        const body = await jsonBody(c, orderCancelBodySchema);
        return change(c, () =>
          deps.orderWrites.cancel(id, {
            code: body.code,
            applicationId: caller.applicationId,
            now: now(deps),
          }),
        );
      },
    },
  },
});

const platformOnly =
  'A platform operation: with the operator token (X-Operator-Token), or in local use by the order’s seller or buyer; ' +
  'otherwise 403.';

/** A platform operation on an order (no body), as the platform's tools run it. */
function platformOperation(definition: {
  path: `/orders/{order_id}/${'fraud_alert' | 'chargeback' | 'invalidate'}`;
  name: string;
  description: string;
  example: string;
  summary: string;
  related_resources: string[];
  run: (writes: OrderWriteRepository, id: number, now: number) => Promise<WrittenOrder | undefined>;
}): Resource<string, LifecycleDeps> {
  return defineResource({
    path: definition.path,
    name: definition.name,
    description: `${definition.description} ${platformOnly}`,
    attributes: changeAttributes,
    related_resources: definition.related_resources,
    connections: { order: '/orders/{order_id}' },
    methods: {
      POST: {
        example: definition.example,
        description: definition.summary,
        response: orderChangeSchema,
        errors: [409],
        auth: 'optional',
        async handle(c, deps: LifecycleDeps) {
          const id = parseOrderId(c.req.param('order_id'));
          const access = operatorAccess(deps, c);
          const order = await orderOf(deps, id);
          if (
            'party' in access &&
            order.sellerId !== access.party.userId &&
            order.buyerId !== access.party.userId
          ) {
            throw new ApiError('not_owned_order');
          }
          await noInput(c);
          return change(c, () => definition.run(deps.orderWrites, id, now(deps)));
        },
      },
    },
  });
}

export const orderFraudAlert = platformOperation({
  path: '/orders/{order_id}/fraud_alert',
  name: 'Order fraud alert',
  description:
    'Spec 3: after a payment was approved, the payment network or a bank signals fraud: the order gets the tag ' +
    'fraud_risk_detected and orders_v2 is sent.',
  example: '/orders/2000003508419013/fraud_alert',
  summary:
    'Raise the alert (no body). 200 with the order; again: 200, unchanged, nothing sent; 409 ' +
    'invalid_order_status without an approved payment.',
  related_resources: ['/orders/{order_id}', '/orders/{order_id}/cancel'],
  run: (writes, id, at) => writes.fraudAlert(id, at),
});

export const orderChargeback = platformOperation({
  path: '/orders/{order_id}/chargeback',
  name: 'Order chargeback',
  description:
    'The buyer’s chargeback, reported by the payment network, settled by spec 1’s delivery table ' +
    '(docs/decisions/0090-sale-outcome-by-delivery.md): delivered with evidence on the seller’s own delivery, the ' +
    'seller is covered (the money stays, tag chargeback_covered); without evidence the seller refunds (cancelled, ' +
    'code chargeback_not_delivered); with the platform’s shipping before the carrier the sale is cancelled ' +
    '(chargeback_not_shipped); after, the carrier returns the item (chargeback_carrier_return).',
  example: '/orders/2000003508419013/chargeback',
  summary:
    'Charge back (no body). 200 with the order; a covered order again: 200, unchanged, nothing sent; 409 ' +
    'invalid_order_status without an approved payment or when the order is final.',
  related_resources: ['/orders/{order_id}', '/shipments/{shipping_id}'],
  run: (writes, id, at) => writes.chargeback(id, at),
});

export const orderInvalidation = platformOperation({
  path: '/orders/{order_id}/invalidate',
  name: 'Order invalidation',
  description: 'The platform invalidates an order from a malicious buyer (status invalid).',
  example: '/orders/2000003508419013/invalidate',
  summary: 'Invalidate (no body). 200 with the order; 409 invalid_order_status when already final.',
  related_resources: ['/orders/{order_id}'],
  run: (writes, id, at) => writes.invalidate(id, at),
});
