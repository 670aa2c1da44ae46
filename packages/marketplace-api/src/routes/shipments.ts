import { legacyShipmentSchema, shipmentSchema } from '@mostrador/contracts';
import { Hono } from 'hono';
import { ApiError } from '../http/api-error.ts';
import { type ApiContext, type ApiEnv, requireCaller } from '../http/env.ts';
import type { ResourceDescription } from '../http/resources.ts';

const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

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

export function shipmentRoutes(ctx: ApiContext) {
  const app = new Hono<ApiEnv>();
  app.get('/shipments/:id', async (c) => {
    const raw = c.req.param('id');
    if (!/^[1-9]\d{0,15}$/.test(raw)) {
      throw new ApiError('bad_request', {
        message: 'Invalid shipment ID.',
        cause: [{ code: 'invalid_shipment_id' }],
      });
    }
    const caller = requireCaller(c.get('caller'));
    const shipment = await ctx.shipments.find(Number(raw));
    if (!shipment) throw new ApiError('not_found', { message: 'Shipment not found.' });
    if (Number(shipment.seller_id) !== caller.userId && Number(shipment.buyer_id) !== caller.userId) {
      throw new ApiError('forbidden', { message: 'The user has not access to the shipment.' });
    }
    const body = c.req.header('x-format-new') === 'true' ? shipment.doc : legacyShipment(shipment.doc);
    return c.body(body, 200, JSON_TYPE);
  });
  return app;
}

export const shipmentResources: ResourceDescription[] = [
  {
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
    },
    methods: [
      {
        method: 'GET',
        example: '/shipments/43210987654321',
        description: 'Read a shipment. Send x-format-new: true for lead_time.cost.',
        headers: { 'x-format-new': 'true selects the new format.' },
        response: shipmentSchema.or(legacyShipmentSchema),
        auth: 'required',
      },
    ],
    related_resources: ['/orders/{order_id}'],
    connections: { order: '/orders/{order_id}' },
  },
];
