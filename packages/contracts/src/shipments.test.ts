import { describe, expect, it } from 'vitest';
import { issuePaths } from './real-fixture.ts';
import { legacyShipmentSchema, shipmentSchema } from './shipments.ts';

type Json = Record<string, unknown>;

const address = (zip: string) => ({
  city: { id: 'BR-SP-44', name: 'São Paulo' },
  state: { id: 'BR-SP', name: 'São Paulo' },
  country: { id: 'BR', name: 'Brasil' },
  zip_code: zip,
});

function shipment(): Json {
  return {
    id: 44028792542,
    order_id: 2000009713473608,
    status: 'ready_to_ship',
    substatus: 'ready_to_print',
    mode: 'me2',
    logistic_type: 'drop_off',
    date_created: '2024-11-01T09:35:44.000-04:00',
    last_updated: '2024-11-01T09:37:20.000-04:00',
    tracking_number: null,
    declared_value: 125.92,
    dimensions: { height: 10, width: 15, length: 20, weight: 500 },
    origin: { sender_id: 779432305, shipping_address: address('01001000') },
    destination: { receiver_id: 6427433, shipping_address: address('31570460') },
    lead_time: {
      cost: 14.9,
      currency_id: 'BRL',
      cost_type: 'charged',
      list_cost: 19.9,
      shipping_method: { id: 182, name: 'Expresso', type: 'express' },
      estimated_delivery_time: { date: '2024-11-05T00:00:00.000-03:00', type: 'known' },
    },
    tags: ['test_shipment'],
  };
}

describe('shipmentSchema (x-format-new)', () => {
  it('parses a realistic new-format shipment and exposes lead_time.cost', () => {
    expect(shipmentSchema.parse(shipment()).lead_time.cost).toBe(14.9);
  });

  it('accepts the nullable members as null', () => {
    const value = shipment();
    Object.assign(value, { substatus: null, logistic_type: null, dimensions: null });
    (value.lead_time as Json).shipping_method = null;
    (value.lead_time as Json).estimated_delivery_time = { date: null, type: 'unknown' };
    expect(shipmentSchema.safeParse(value).success).toBe(true);
  });

  it('strips street lines and receiver names from addresses', () => {
    const value = shipment();
    (value.destination as Json).receiver_name = 'Foo Client';
    (value.destination as Json).shipping_address = {
      ...address('31570460'),
      street_name: 'Rua X',
      street_number: '1460',
    };
    const parsed = shipmentSchema.parse(value);
    expect(parsed.destination).toEqual({ receiver_id: 6427433, shipping_address: address('31570460') });
  });

  it('rejects unknown statuses, modes and cost types', () => {
    const value = shipment();
    value.status = 'to_be_agreed';
    value.mode = 'me3';
    (value.lead_time as Json).cost_type = 'discounted';
    expect(issuePaths(shipmentSchema.safeParse(value))).toEqual(['status', 'mode', 'lead_time.cost_type']);
  });

  it('rejects a shipment without lead_time (the legacy form) and a string cost', () => {
    const value = shipment();
    delete value.lead_time;
    expect(issuePaths(shipmentSchema.safeParse(value))).toEqual(['lead_time']);
    const withStringCost = shipment();
    (withStringCost.lead_time as Json).cost = '14.90';
    expect(issuePaths(shipmentSchema.safeParse(withStringCost))).toEqual(['lead_time.cost']);
  });

  it('rejects an address without country or zip code', () => {
    const value = shipment();
    (value.origin as Json).shipping_address = { city: address('1').city, state: address('1').state };
    expect(issuePaths(shipmentSchema.safeParse(value))).toEqual([
      'origin.shipping_address.country',
      'origin.shipping_address.zip_code',
    ]);
  });
});

describe('legacyShipmentSchema (without x-format-new)', () => {
  const legacy = () => ({
    id: 44028792542,
    order_id: 2000009713473608,
    status: 'pending',
    mode: 'me2',
    date_created: '2013-05-27T10:03:28.000-04:00',
    currency_id: 'BRL',
    shipping_option: {
      id: 2000880360030001,
      name: 'Expresso',
      cost: 14.9,
      list_cost: 14.9,
      currency_id: 'BRL',
    },
  });

  it('parses the shipping_option form', () => {
    expect(legacyShipmentSchema.parse(legacy()).shipping_option.cost).toBe(14.9);
  });

  it('rejects a new-format shipment, which has no shipping_option', () => {
    expect(issuePaths(legacyShipmentSchema.safeParse(shipment()))).toEqual([
      'currency_id',
      'shipping_option',
    ]);
  });
});
