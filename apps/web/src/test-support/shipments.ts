import { type Shipment, shipmentSchema } from '@mostrador/contracts';

const place = {
  city: { id: 'C-1', name: 'Coyoacán' },
  state: { id: 'MX-CMX', name: 'Ciudad de México' },
  country: { id: 'MX', name: 'México' },
  zip_code: '04000',
};

/** A platform shipment for tests: what the buyer pays (`cost`) of what the shipping costs (`listCost`). */
export const shipmentWithCosts = (id: number, cost: number, listCost: number, currencyId = 'MXN'): Shipment =>
  shipmentSchema.parse({
    id,
    order_id: 2000008000000101,
    status: 'delivered',
    substatus: null,
    mode: 'me2',
    logistic_type: 'drop_off',
    date_created: '2026-11-18T06:42:00.000-06:00',
    last_updated: '2026-11-20T06:42:00.000-06:00',
    tracking_number: null,
    declared_value: 899,
    dimensions: null,
    origin: { sender_id: 1, shipping_address: place },
    destination: { receiver_id: 2, shipping_address: place },
    lead_time: {
      cost,
      currency_id: currencyId,
      cost_type: cost === 0 ? 'free' : cost < listCost ? 'partially_free' : 'charged',
      list_cost: listCost,
      shipping_method: null,
      estimated_delivery_time: { date: null, type: 'known' },
    },
    tags: [],
  });
