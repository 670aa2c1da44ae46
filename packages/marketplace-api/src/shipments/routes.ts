import { deliveryProgressBodySchema, legacyShipmentSchema, shipmentSchema } from '@mostrador/contracts';
import { caseOf } from '../domain/delivery.ts';
import { LifecycleError } from '../domain/order-lifecycle.ts';
import type { Clock } from '../domain/time.ts';
import { isoAt } from '../domain/time.ts';
import { ApiError } from '../http/api-error.ts';
import type { PlatformOptions } from '../http/env.ts';
import { requireCaller } from '../http/env.ts';
import { wantsNewFormat } from '../http/format.ts';
import { JSON_TYPE } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { actOnOrder } from '../http/operator-access.ts';
import { operatorAccess } from '../http/platform-access.ts';
import { defineResource } from '../http/resources.ts';
import type { OrderWriteRepository } from '../orders/order-write-repository.ts';
import type { OperatorRepository } from '../users/operator-repository.ts';
import { deliveryRecord, PLATFORM_MODE, type ShipmentRepository } from './shipment-repository.ts';

/** What the shipment resources need. */
export interface ShipmentRoutesDeps {
  clock: Clock;
  orderWrites: OrderWriteRepository;
  platform: PlatformOptions;
  shipments: ShipmentRepository;
  operators: OperatorRepository;
}

/** The format before x-format-new: the cost sits in `shipping_option` and there is no `lead_time`. */
function legacyShipment(doc: string): string {
  const s = JSON.parse(doc);
  return JSON.stringify({
    id: s.id,
    order_id: s.order_id,
    status: s.status,
    mode: s.mode,
    date_created: s.date_created,
    currency_id: s.lead_time.currency_id,
    shipping_option: {
      id: s.lead_time.shipping_method?.id ?? s.id,
      name: s.lead_time.shipping_method?.name ?? 'Normal',
      cost: s.lead_time.cost,
      list_cost: s.lead_time.list_cost,
      currency_id: s.lead_time.currency_id,
    },
  });
}

type FoundShipment = NonNullable<Awaited<ReturnType<ShipmentRepository['find']>>>;

/**
 * The new format with our `delivery` member (decision 0091) joined to the stored document: where the delivery
 * stands, whether it is the platform's, its evidence and the row of spec 1's table it is in.
 */
function withDelivery(s: FoundShipment): string {
  const d = deliveryRecord(s);
  const delivery = {
    state: d.state,
    platform_shipping: d.platformShipping,
    evidence: d.evidence
      ? {
          kind: d.evidence.kind,
          reference: d.evidence.reference,
          date: isoAt(d.evidence.at, Number(s.utc_offset_minutes)),
        }
      : null,
    case: caseOf(d),
  };
  return `${s.doc.slice(0, s.doc.lastIndexOf('}'))},"delivery":${JSON.stringify(delivery)}}`;
}

function parseShipmentId(raw: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) {
    throw new ApiError('bad_request', {
      message: 'Invalid shipment ID.',
      cause: [{ code: 'invalid_shipment_id' }],
    });
  }
  return Number(raw);
}

export const shipment = defineResource({
  path: '/shipments/{shipping_id}',
  name: 'Shipment',
  description: 'The shipment of an order, for its seller or buyer.',
  attributes: {
    id: 'Shipment id.',
    order_id: 'Order id.',
    status: 'pending, handling, ready_to_ship, shipped, delivered, not_delivered, cancelled.',
    mode: 'me2 (platform shipping), me1, custom or not_specified.',
    lead_time:
      'New format only: cost (in the item currency), list_cost, currency_id, cost_type, shipping method.',
    shipping_option: 'Legacy format only: cost and name of the chosen option.',
    delivery:
      'Ours, new format only (docs/decisions/0091): {state, platform_shipping, evidence {kind, reference, date} ' +
      'or null, case}: where the delivery stands and the row of spec 1’s table a cancellation or chargeback ' +
      'would follow.',
  },
  related_resources: ['/orders/{order_id}', '/shipments/{shipping_id}/delivery'],
  connections: { order: '/orders/{order_id}' },
  methods: {
    GET: {
      example: '/shipments/43210987654321',
      description: 'Read a shipment. Send x-format-new: true for lead_time.cost.',
      headers: { 'x-format-new': 'true selects the new format; false or absent, the legacy one.' },
      response: shipmentSchema.or(legacyShipmentSchema),
      auth: 'required',
      async handle(c, deps: ShipmentRoutesDeps) {
        const id = parseShipmentId(c.req.param('shipping_id'));
        const newFormat = wantsNewFormat(c);
        const caller = requireCaller(c.get('caller'));
        const shipment = await deps.shipments.find(id);
        if (!shipment) throw new ApiError('not_found', { message: 'Shipment not found.' });
        // Its parties, or a member of either's team with `orders.read` (decision 0100).
        await actOnOrder(deps, caller, shipment, 'orders.read').catch((error: unknown) => {
          if (error instanceof ApiError && error.code === 'not_owned_order') {
            throw new ApiError('forbidden', { message: 'The user has not access to the shipment.' });
          }
          throw error;
        });
        const body = newFormat ? withDelivery(shipment) : legacyShipment(shipment.doc);
        return c.body(body, 200, JSON_TYPE);
      },
    },
  },
});

export const shipmentDelivery = defineResource({
  path: '/shipments/{shipping_id}/delivery',
  name: 'Shipment delivery',
  description:
    'The next step of a delivery (local use and the platform’s carrier; docs/decisions/0091): label_printed, ' +
    'shipped, delivered (with evidence), not_delivered, returned. The platform’s shipments go label_not_printed → ' +
    'label_printed → shipped → delivered | not_delivered, and returning → returned after a carrier return; a ' +
    'seller’s own delivery goes to delivered (with or without evidence, which may follow) or not_delivered. The ' +
    'order follows (tags delivered / not_delivered) and orders_v2 is sent.',
  attributes: { state: 'The new state.', evidence: '{kind, reference}: the proof of a delivery.' },
  related_resources: [
    '/shipments/{shipping_id}',
    '/orders/{order_id}/cancel',
    '/orders/{order_id}/chargeback',
  ],
  connections: { shipment: '/shipments/{shipping_id}' },
  methods: {
    POST: {
      example: '/shipments/43210987654321/delivery',
      description:
        'Move the delivery on: {state, evidence?: {kind: carrier_scan | signed_receipt | tracking | photo, ' +
        'reference}}. 200 with the shipment (new format); 400 for a bad body or evidence on another step; 403 ' +
        'for the buyer, a stranger, or the seller on a platform shipment outside local use; 404; 409 ' +
        'invalid_order_status for a step out of order or a final order.',
      body: deliveryProgressBodySchema,
      response: shipmentSchema,
      errors: [409],
      auth: 'required',
      /**
       * The platform's carrier reports its shipments (operator token; in local use the seller too); a seller
       * reports the deliveries it arranges itself (decision 0091). The buyer and anyone else: 403.
       */
      async handle(c, deps: ShipmentRoutesDeps) {
        const id = parseShipmentId(c.req.param('shipping_id'));
        const operator = c.req.header('x-operator-token') !== undefined;
        if (operator) operatorAccess(deps, c);
        const caller = operator ? undefined : requireCaller(c.get('caller'));
        const shipment = await deps.shipments.find(id);
        if (!shipment) throw new ApiError('not_found', { message: 'Shipment not found.' });
        if (caller) {
          if (Number(shipment.seller_id) !== caller.userId) {
            throw new ApiError('forbidden', {
              message: 'Only the seller or the carrier reports a delivery.',
            });
          }
          if (shipment.mode === PLATFORM_MODE && !deps.platform.localUse) {
            throw new ApiError('forbidden', { message: 'The platform’s carrier reports this shipment.' });
          }
        }
        const body = await jsonBody(c, deliveryProgressBodySchema);
        const written = await deps.orderWrites
          .progressDelivery(Number(shipment.order_id), id, body, deps.clock().getTime())
          .catch((error: unknown) => {
            if (error instanceof LifecycleError) throw new ApiError(error.code, { message: error.message });
            throw error;
          });
        if (!written) throw new ApiError('not_found', { message: 'Shipment not found.' });
        const after = await deps.shipments.find(id);
        return c.body(withDelivery(after!), 200, JSON_TYPE);
      },
    },
  },
});
