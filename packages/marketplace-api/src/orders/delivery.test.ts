import {
  DELIVERY_CASES,
  DELIVERY_STATES,
  type OrderChange,
  orderChangeSchema,
  orderSearchEnvelopeSchema,
  type Shipment,
  shipmentSchema,
} from '@mostrador/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../app.ts';
import { setApplicationCallback } from '../notifications/callback-url.ts';
import { DEMO_APPLICATION_ID } from '../seed/generate.ts';
import { expectError, seededApi, type TestApi, tokenIssuer } from '../test-support.ts';

// Spec 1's table, end to end (docs/decisions/0090–0093): every row through the API, its outbox row, and the
// property that no sale is ever both refunded and covered.

let now = Date.UTC(2026, 10, 2);
const OPERATOR = 'operator-secret-for-delivery-tests';
let api: TestApi;
/** The same store as a deployment serves it: no local use. */
let deployed: ReturnType<typeof createMarketplaceApi>;
const used = new Set<number>();
let tokenOf: (userId: number) => Promise<string>;

beforeAll(async () => {
  api = await seededApi({ clock: () => new Date(now), localUse: true, operatorToken: OPERATOR });
  tokenOf = tokenIssuer(api.store, () => now);
  deployed = createMarketplaceApi({ store: api.store, clock: () => new Date(now), operatorToken: OPERATOR });
  await setApplicationCallback(api.store, DEMO_APPLICATION_ID, 'https://hooks.example.com/meli', {
    localUse: false,
  });
});

interface Sale {
  orderId: number;
  shipmentId: number | null;
  seller: string;
  buyer: string;
  version: number;
}

/** A seeded sale not used by another test: status, delivery case and (for shipments) the delivery state. */
async function sale(want: { status: string; case: string; state?: string; withShipment?: boolean }) {
  const rows = await api.store.db
    .selectFrom('orders')
    .leftJoin('shipments', 'shipments.id', 'orders.shipping_id')
    .select([
      'orders.id',
      'orders.shipping_id',
      'orders.seller_id',
      'orders.buyer_id',
      'orders.version',
      'orders.tags',
      'shipments.delivery_state',
    ])
    .where('orders.status', '=', want.status)
    .where('orders.delivery_case', '=', want.case)
    .where('orders.tags', 'not like', '%,chargeback_covered,%')
    .where('orders.tags', 'not like', '%,fraud_risk_detected,%')
    .orderBy('orders.id')
    .execute();
  const row = rows.find(
    (r) =>
      !used.has(Number(r.id)) &&
      (want.state === undefined || r.delivery_state === want.state) &&
      (want.withShipment === undefined || (r.shipping_id !== null) === want.withShipment),
  );
  if (!row) throw new Error(`no seeded sale for ${JSON.stringify(want)}`);
  used.add(Number(row.id));
  return {
    orderId: Number(row.id),
    shipmentId: row.shipping_id === null ? null : Number(row.shipping_id),
    seller: await tokenOf(Number(row.seller_id)),
    buyer: await tokenOf(Number(row.buyer_id)),
    version: Number(row.version),
  } satisfies Sale;
}

const post = async (
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
  app: { request: typeof api.app.request } = api.app,
): Promise<Response> =>
  app.request(path, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const outboxCount = async () =>
  Number(
    (
      await api.store.db
        .selectFrom('notification_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function lastOutbox() {
  return api.store.db
    .selectFrom('notification_outbox')
    .select(['topic', 'resource', 'received'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function notices(orderId: number) {
  return api.store.db
    .selectFrom('seller_notices')
    .select(['channel', 'trigger', 'delivery_case', 'outcome'])
    .where('order_id', '=', orderId)
    .execute();
}

async function shipment(s: Sale): Promise<Shipment> {
  const res = await api.get(`/shipments/${s.shipmentId}`, s.seller, { 'x-format-new': 'true' });
  expect(res.status).toBe(200);
  return shipmentSchema.parse(await res.json());
}

/** Runs an operation and checks what every write must do: 200, one orders_v2 row, the version bumped. */
async function expectWrite(s: Sale, run: () => Promise<Response>): Promise<OrderChange> {
  now += 60_000;
  const before = await outboxCount();
  const res = await run();
  expect(res.status, await res.clone().text()).toBe(200);
  const body = orderChangeSchema.parse(await res.json());
  expect(await outboxCount()).toBe(before + 1);
  expect(await lastOutbox()).toEqual({ topic: 'orders_v2', resource: `/orders/${s.orderId}`, received: now });
  const row = await api.store.db
    .selectFrom('orders')
    .select('version')
    .where('id', '=', s.orderId)
    .executeTakeFirstOrThrow();
  expect(Number(row.version)).toBe(s.version + 1);
  s.version += 1;
  // What a reader gets next is the new order, not a cached one.
  const read = await api.get(`/orders/${s.orderId}`, s.seller);
  expect(((await read.json()) as { status: string }).status).toBe(body.status);
  return body;
}

const chargeback = (s: Sale) =>
  expectWrite(s, () =>
    post(`/orders/${s.orderId}/chargeback`, null, undefined, { 'x-operator-token': OPERATOR }),
  );
const cancel = (s: Sale, code = 'seller_cancel_sale') =>
  expectWrite(s, () => post(`/orders/${s.orderId}/cancel`, s.seller, { code }));

/** No order is both refunded and covered; covered orders keep their approved money and their delivery. */
async function expectNeverBoth() {
  const rows = await api.store.db
    .selectFrom('orders')
    .select(['id', 'status', 'tags', 'payments_short', 'delivery_case'])
    .execute();
  let covered = 0;
  for (const row of rows) {
    const payments = JSON.parse(Buffer.from(row.payments_short).toString('utf8')) as { status: string }[];
    const isCovered = row.tags.includes(',chargeback_covered,');
    const refunded = payments.some((p) => p.status === 'refunded');
    expect(isCovered && refunded, `order ${row.id}`).toBe(false);
    expect(row.tags.includes(',delivered,') && row.tags.includes(',not_delivered,'), `order ${row.id}`).toBe(
      false,
    );
    if (isCovered) {
      covered++;
      expect(row.status).toBe('paid');
      expect(row.delivery_case).toBe('own_with_evidence');
      expect(payments.some((p) => p.status === 'approved')).toBe(true);
    }
  }
  return covered;
}

afterEach(async () => {
  await expectNeverBoth();
});

describe('seeded deliveries', () => {
  it('cover every delivery state, every case, evidence with and without, and settled outcomes', async () => {
    const db = api.store.db;
    const states = await db.selectFrom('shipments').select('delivery_state').distinct().execute();
    expect(states.map((s) => s.delivery_state).sort()).toEqual([...DELIVERY_STATES].sort());
    const cases = await db.selectFrom('orders').select('delivery_case').distinct().execute();
    expect(cases.map((c) => c.delivery_case).sort()).toEqual([...DELIVERY_CASES].sort());
    const evidence = await db
      .selectFrom('shipments')
      .select(['mode', 'evidence_kind'])
      .where('delivery_state', '=', 'delivered')
      .distinct()
      .execute();
    const kinds = new Set(evidence.map((e) => `${e.mode === 'me2' ? 'platform' : 'own'}:${e.evidence_kind}`));
    for (const k of ['platform:carrier_scan', 'own:signed_receipt', 'own:tracking', 'own:photo', 'own:null'])
      expect(kinds, k).toContain(k);
    const docs = await db.selectFrom('orders').select('doc').where('status', '=', 'cancelled').execute();
    const codes = new Set(
      docs.map((d) => (JSON.parse(Buffer.from(d.doc).toString('utf8')) as OrderChange).cancel_detail?.code),
    );
    for (const code of [
      'carrier_return',
      'chargeback_carrier_return',
      'chargeback_not_shipped',
      'chargeback_not_delivered',
    ])
      expect(codes, code).toContain(code);
    expect(await expectNeverBoth()).toBeGreaterThan(0);
  });

  it('show the delivery in the shipment (new format only) and keep lead_time.cost', async () => {
    const s = await sale({ status: 'paid', case: 'own_with_evidence' });
    const read = await shipment(s);
    expect(read.delivery).toMatchObject({
      state: 'delivered',
      platform_shipping: false,
      case: 'own_with_evidence',
    });
    expect(read.delivery?.evidence?.reference).toMatch(/^(RC|TRK|IMG)-\d+$/);
    expect(read.lead_time.cost).toBeGreaterThanOrEqual(0);
    const legacy = await api.json(`/shipments/${s.shipmentId}`, s.seller);
    expect(legacy).not.toHaveProperty('delivery');
  });
});

describe('POST /orders/{id}/chargeback: every row of the table', () => {
  it('own delivery, delivered with evidence: the seller is covered, told by e-mail or phone, keeps the money', async () => {
    const s = await sale({ status: 'paid', case: 'own_with_evidence' });
    const body = await chargeback(s);
    expect(body.status).toBe('paid');
    expect(body.tags).toEqual(expect.arrayContaining(['paid', 'delivered', 'chargeback_covered']));
    expect(body.tags).not.toContain('not_delivered');
    expect(body.cancel_detail).toBeNull();
    expect(body.payments.every((p) => p.status === 'approved')).toBe(true);
    expect(body.paid_amount).toBeGreaterThan(0);
    const [notice] = await notices(s.orderId);
    expect(notice).toMatchObject({
      trigger: 'chargeback',
      delivery_case: 'own_with_evidence',
      outcome: 'covered',
    });
    expect(['email', 'phone']).toContain(notice!.channel);
    // Again: nothing changes, nothing is sent.
    const before = await outboxCount();
    const again = await post(`/orders/${s.orderId}/chargeback`, null, undefined, {
      'x-operator-token': OPERATOR,
    });
    expect(again.status).toBe(200);
    expect(orderChangeSchema.parse(await again.json()).tags).toContain('chargeback_covered');
    expect(await outboxCount()).toBe(before);
    expect(await notices(s.orderId)).toHaveLength(1);
  });

  it('own delivery without evidence: the seller refunds, told by e-mail or phone', async () => {
    const s = await sale({ status: 'paid', case: 'own_without_evidence', withShipment: false });
    const body = await chargeback(s);
    expect(body.status).toBe('cancelled');
    expect(body.cancel_detail).toMatchObject({
      group: 'buyer',
      code: 'chargeback_not_delivered',
      requested_by: 'buyer',
      application_id: null,
    });
    expect(body.tags).toContain('not_delivered');
    expect(body.tags).not.toContain('paid');
    expect(body.payments.some((p) => p.status === 'refunded')).toBe(true);
    expect(body.paid_amount).toBe(0);
    const [notice] = await notices(s.orderId);
    expect(notice).toMatchObject({ outcome: 'refund' });
    expect(['email', 'phone']).toContain(notice!.channel);
  });

  for (const state of ['label_not_printed', 'label_printed']) {
    it(`platform shipping, ${state.replaceAll('_', ' ')}: the sale and its shipment are cancelled, the seller notified`, async () => {
      const s = await sale({ status: 'paid', case: 'platform_not_shipped', state });
      const body = await chargeback(s);
      expect(body.status).toBe('cancelled');
      expect(body.cancel_detail).toMatchObject({ group: 'buyer', code: 'chargeback_not_shipped' });
      expect(body.tags).toContain('not_delivered');
      expect(body.payments.some((p) => p.status === 'refunded')).toBe(true);
      const read = await shipment(s);
      expect(read.status).toBe('cancelled');
      expect(read.delivery).toMatchObject({ state: 'cancelled', case: 'platform_not_shipped' });
      expect(await notices(s.orderId)).toEqual([
        {
          channel: 'notification',
          trigger: 'chargeback',
          delivery_case: 'platform_not_shipped',
          outcome: 'cancelled',
        },
      ]);
    });
  }

  it('platform shipping, shipped: the carrier returns the item; the seller marks it back home', async () => {
    const s = await sale({ status: 'paid', case: 'platform_shipped', state: 'shipped' });
    const body = await chargeback(s);
    expect(body.status).toBe('cancelled');
    expect(body.cancel_detail).toMatchObject({
      group: 'delivery',
      code: 'chargeback_carrier_return',
      requested_by: 'buyer',
    });
    expect(body.payments.some((p) => p.status === 'refunded')).toBe(true);
    const read = await shipment(s);
    expect(read).toMatchObject({ status: 'not_delivered', substatus: 'returning_to_sender' });
    expect(read.delivery).toMatchObject({ state: 'returning', case: 'platform_shipped' });
    now += 1000;
    const before = await outboxCount();
    const back = await post(`/shipments/${s.shipmentId}/delivery`, s.seller, { state: 'returned' });
    expect(back.status).toBe(200);
    expect(shipmentSchema.parse(await back.json()).delivery).toMatchObject({ state: 'returned' });
    // The order itself does not change again.
    expect(await outboxCount()).toBe(before);
  });

  it('platform shipping, delivered: the carrier collects it back too', async () => {
    const s = await sale({ status: 'paid', case: 'platform_shipped', state: 'delivered' });
    const body = await chargeback(s);
    expect(body.cancel_detail?.code).toBe('chargeback_carrier_return');
    expect(body.tags).toContain('not_delivered');
    expect(body.tags).not.toContain('delivered');
  });
});

describe('POST /orders/{id}/cancel follows the table', () => {
  it('own delivery: cancelled and refunded even when delivered with evidence (coverage is against chargebacks)', async () => {
    const s = await sale({ status: 'paid', case: 'own_with_evidence' });
    const body = await cancel(s);
    expect(body.status).toBe('cancelled');
    expect(body.cancel_detail).toMatchObject({
      group: 'seller',
      code: 'seller_cancel_sale',
      requested_by: 'seller',
    });
    expect(body.cancel_detail?.application_id).toBe(String(DEMO_APPLICATION_ID));
    expect(body.tags).toContain('delivered');
    expect(body.tags).not.toContain('chargeback_covered');
    expect(body.payments.some((p) => p.status === 'refunded')).toBe(true);
    expect((await notices(s.orderId))[0]).toMatchObject({ trigger: 'cancellation', outcome: 'refund' });
  });

  it('platform shipping, label not printed: the sale and the shipment are cancelled', async () => {
    const s = await sale({ status: 'paid', case: 'platform_not_shipped', state: 'label_not_printed' });
    const body = await cancel(s, 'seller_out_of_stock');
    expect(body.cancel_detail).toMatchObject({ group: 'seller', code: 'seller_out_of_stock' });
    expect((await shipment(s)).delivery?.state).toBe('cancelled');
  });

  it('platform shipping, shipped: the carrier is told to return the item', async () => {
    const s = await sale({ status: 'paid', case: 'platform_shipped', state: 'shipped' });
    const body = await cancel(s);
    expect(body.cancel_detail).toMatchObject({
      group: 'delivery',
      code: 'carrier_return',
      requested_by: 'seller',
    });
    expect((await shipment(s)).delivery?.state).toBe('returning');
    expect((await notices(s.orderId))[0]).toMatchObject({
      channel: 'notification',
      outcome: 'carrier_return',
    });
  });
});

describe('POST /shipments/{id}/delivery', () => {
  it('walks a platform shipment to delivered, the order and its case following, each step sent', async () => {
    const s = await sale({ status: 'paid', case: 'platform_not_shipped', state: 'label_not_printed' });
    const step = async (state: string) => {
      now += 60_000;
      const before = await outboxCount();
      const res = await post(`/shipments/${s.shipmentId}/delivery`, s.seller, { state });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await outboxCount()).toBe(before + 1);
      return shipmentSchema.parse(await res.json());
    };
    expect((await step('label_printed')).delivery).toMatchObject({
      state: 'label_printed',
      case: 'platform_not_shipped',
    });
    expect((await step('shipped')).delivery).toMatchObject({ state: 'shipped', case: 'platform_shipped' });
    const delivered = await step('delivered');
    expect(delivered.status).toBe('delivered');
    expect(delivered.delivery?.evidence?.kind).toBe('carrier_scan');
    const order = (await api.json(`/orders/${s.orderId}`, s.seller)) as {
      tags: string[];
      fulfilled: boolean;
    };
    expect(order.tags).toContain('delivered');
    expect(order.tags).not.toContain('not_delivered');
    expect(order.fulfilled).toBe(true);
  });

  it('records a seller’s own delivery, then its evidence; a chargeback is then covered; the list filters by case', async () => {
    const s = await sale({ status: 'paid', case: 'own_without_evidence', state: 'not_platform_shipping' });
    const first = await post(
      `/shipments/${s.shipmentId}/delivery`,
      s.seller,
      { state: 'delivered' },
      {},
      deployed,
    );
    expect(first.status).toBe(200);
    expect(shipmentSchema.parse(await first.json()).delivery).toMatchObject({
      evidence: null,
      case: 'own_without_evidence',
    });
    now += 60_000;
    const proved = await post(
      `/shipments/${s.shipmentId}/delivery`,
      s.seller,
      { state: 'delivered', evidence: { kind: 'signed_receipt', reference: 'RC-77' } },
      {},
      deployed,
    );
    const read = shipmentSchema.parse(await proved.json());
    expect(read.delivery?.evidence).toMatchObject({ kind: 'signed_receipt', reference: 'RC-77' });
    expect(read.delivery?.case).toBe('own_with_evidence');
    const sellerId = Number(
      (
        await api.store.db
          .selectFrom('orders')
          .select('seller_id')
          .where('id', '=', s.orderId)
          .executeTakeFirstOrThrow()
      ).seller_id,
    );
    const found = orderSearchEnvelopeSchema.parse(
      await api.json(`/orders/search?seller=${sellerId}&delivery.case=own_with_evidence&limit=51`, s.seller),
    );
    expect(found.results.map((o) => o.id)).toContain(s.orderId);
    expect(found.paging.total).toBeGreaterThanOrEqual(found.results.length);
    const others = orderSearchEnvelopeSchema.parse(
      await api.json(`/orders/search?seller=${sellerId}&delivery.case=platform_shipped&limit=51`, s.seller),
    );
    expect(others.results.map((o) => o.id)).not.toContain(s.orderId);
    s.version += 2;
    const body = await chargeback(s);
    expect(body.tags).toContain('chargeback_covered');
  });
});

describe('bad input changes nothing', () => {
  async function unchanged(s: Sale, run: () => Promise<void>) {
    const before = await outboxCount();
    const snapshot = async () =>
      Promise.all([
        api.store.db.selectFrom('orders').selectAll().where('id', '=', s.orderId).executeTakeFirstOrThrow(),
        s.shipmentId === null
          ? null
          : api.store.db
              .selectFrom('shipments')
              .selectAll()
              .where('id', '=', s.shipmentId)
              .executeTakeFirstOrThrow(),
      ]);
    const was = await snapshot();
    await run();
    expect(await snapshot()).toEqual(was);
    expect(await outboxCount()).toBe(before);
    expect(await notices(s.orderId)).toEqual([]);
  }

  it('refuses chargebacks without authority, on unknown, unpaid or final orders', async () => {
    const s = await sale({ status: 'paid', case: 'platform_shipped', state: 'shipped' });
    await unchanged(s, async () => {
      await expectError(
        await post(`/orders/${s.orderId}/chargeback`, null, undefined, { 'x-operator-token': 'wrong' }),
        403,
        'forbidden',
      );
      await expectError(
        await post(`/orders/${s.orderId}/chargeback`, s.seller, undefined, {}, deployed),
        403,
        'forbidden',
      );
      await expectError(
        await post(`/orders/${s.orderId}/chargeback`, s.seller, { reason: 'x' }),
        400,
        'bad_request',
      );
    });
    await expectError(
      await post('/orders/2000000000000001/chargeback', null, undefined, { 'x-operator-token': OPERATOR }),
      404,
      'order_not_found',
    );
    const unpaid = await sale({ status: 'confirmed', case: 'platform_not_shipped' });
    await unchanged(unpaid, async () => {
      await expectError(
        await post(`/orders/${unpaid.orderId}/chargeback`, unpaid.seller),
        409,
        'invalid_order_status',
      );
    });
    const final = await sale({ status: 'cancelled', case: 'own_without_evidence' });
    await unchanged(final, async () => {
      await expectError(
        await post(`/orders/${final.orderId}/chargeback`, final.seller),
        409,
        'invalid_order_status',
      );
      await expectError(
        await post(`/orders/${final.orderId}/cancel`, final.seller, { code: 'seller_cancel_sale' }),
        409,
        'invalid_order_status',
      );
    });
  });

  it('refuses delivery steps from the wrong people, out of order, or with bad bodies', async () => {
    const s = await sale({ status: 'paid', case: 'platform_not_shipped', state: 'label_not_printed' });
    const path = `/shipments/${s.shipmentId}/delivery`;
    await unchanged(s, async () => {
      await expectError(await post(path, null, { state: 'label_printed' }), 401, 'not_identified_user');
      await expectError(await post(path, s.buyer, { state: 'label_printed' }), 403, 'forbidden');
      await expectError(
        await post(path, s.seller, { state: 'label_printed' }, {}, deployed),
        403,
        'forbidden',
      );
      await expectError(
        await post(path, null, { state: 'label_printed' }, { 'x-operator-token': 'nope' }),
        403,
        'forbidden',
      );
      await expectError(await post(path, s.seller, { state: 'shipped' }), 409, 'invalid_order_status');
      await expectError(await post(path, s.seller, { state: 'teleported' }), 400, 'bad_request');
      await expectError(await post(path, s.seller, { state: 'label_printed', by: 'me' }), 400, 'bad_request');
      await expectError(
        await post(path, s.seller, {
          state: 'label_printed',
          evidence: { kind: 'photo', reference: 'IMG-1' },
        }),
        400,
        'bad_request',
      );
      await expectError(
        await post(path, s.seller, {
          state: 'delivered',
          evidence: { kind: 'photo', reference: 'Ana Pérez 742' },
        }),
        400,
        'bad_request',
      );
      await expectError(
        await post('/shipments/1/delivery', s.seller, { state: 'shipped' }),
        404,
        'not_found',
      );
      await expectError(
        await post('/shipments/x1/delivery', s.seller, { state: 'shipped' }),
        400,
        'bad_request',
      );
    });
    // The carrier itself may, with the operator token, even where local use is off.
    now += 60_000;
    const res = await post(
      path,
      null,
      { state: 'label_printed' },
      { 'x-operator-token': OPERATOR },
      deployed,
    );
    expect(res.status).toBe(200);
  });

  it('rejects an unknown delivery.case in search', async () => {
    const seller = api.sellers[0]!;
    await expectError(
      await api.get(`/orders/search?seller=${seller.id}&delivery.case=lost`, seller.access_token),
      400,
      'bad_request',
    );
  });
});
