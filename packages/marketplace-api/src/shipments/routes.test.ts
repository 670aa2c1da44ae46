import { legacyShipmentSchema, shipmentSchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 900 });
});

async function shipmentOf(sellerId: number) {
  const row = await api.store.db
    .selectFrom('orders')
    .innerJoin('shipments', 'shipments.id', 'orders.shipping_id')
    .select([
      'shipments.id',
      'orders.id as order_id',
      'orders.total_minor',
      'shipments.cost_minor',
      'shipments.mode',
    ])
    .where('orders.seller_id', '=', sellerId)
    .where('shipments.mode', '=', 'me2')
    .orderBy('shipments.cost_minor', 'desc')
    .executeTakeFirstOrThrow();
  return row;
}

describe('GET /shipments/{id}', () => {
  it('gives lead_time.cost in the item currency with x-format-new, the legacy option without it', async () => {
    const seller = api.sellers[0]!;
    const s = await shipmentOf(seller.id);
    const fresh = shipmentSchema.parse(
      await api.json(`/shipments/${s.id}`, seller.access_token, { 'x-format-new': 'true' }),
    );
    expect(fresh.order_id).toBe(Number(s.order_id));
    expect(fresh.lead_time.cost).toBe(Number(s.cost_minor) / 100);
    expect(fresh.lead_time.currency_id).toBe('ARS');
    const legacy = await api.json(`/shipments/${s.id}`, seller.access_token);
    const parsed = legacyShipmentSchema.parse(legacy);
    expect(parsed.shipping_option.cost).toBe(fresh.lead_time.cost);
    expect(legacy).not.toHaveProperty('lead_time');
  });

  it('lets the total with shipping be computed from the order and the shipment', async () => {
    const seller = api.sellers[0]!;
    const s = await shipmentOf(seller.id);
    const headers = { 'x-format-new': 'true' };
    const order = (await api.json(`/orders/${s.order_id}`, seller.access_token, headers)) as {
      total_amount: number;
      taxes: { amount: number | null };
      shipping: { id: number };
    };
    const shipment = shipmentSchema.parse(
      await api.json(`/shipments/${order.shipping.id}`, seller.access_token, headers),
    );
    const total = order.total_amount + (order.taxes.amount ?? 0) + shipment.lead_time.cost;
    expect(total).toBeCloseTo(
      Number(s.total_minor) / 100 + (order.taxes.amount ?? 0) + Number(s.cost_minor) / 100,
      2,
    );
  });

  it('refuses strangers, unknown and malformed ids', async () => {
    const s = await shipmentOf(api.sellers[0]!.id);
    await expectError(await api.get(`/shipments/${s.id}`), 401, 'not_identified_user');
    await expectError(await api.get(`/shipments/${s.id}`, api.sellers[1]!.access_token), 403, 'forbidden');
    await expectError(await api.get('/shipments/1', api.sellers[0]!.access_token), 404, 'not_found');
    await expectError(await api.get('/shipments/abc', api.sellers[0]!.access_token), 400, 'bad_request');
  });
});
