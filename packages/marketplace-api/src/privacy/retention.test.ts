import { orderSearchEnvelopeSchema } from '@mostrador/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, seededApi, type TestApi } from '../test-support.ts';
import { purgeExpiredOrders, retentionCutoff, startRetentionJob } from './retention.ts';

const DAY = 86_400_000;
let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 900 });
});

async function countsFromOrders() {
  const db = api.store.db;
  const bySeller = await db
    .selectFrom('orders')
    .select([
      'seller_id as user_id',
      sql<string>`'seller'`.as('side'),
      'status',
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .groupBy(['seller_id', 'status'])
    .execute();
  const byBuyer = await db
    .selectFrom('orders')
    .select([
      'buyer_id as user_id',
      sql<string>`'buyer'`.as('side'),
      'status',
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .groupBy(['buyer_id', 'status'])
    .execute();
  const key = (r: { user_id: number; side: string; status: string; n: number }) =>
    `${r.user_id}|${r.side}|${r.status}|${Number(r.n)}`;
  return [...bySeller, ...byBuyer].map(key).sort();
}

async function storedCounts() {
  const rows = await api.store.db.selectFrom('order_counts').selectAll().execute();
  return rows.map((r) => `${r.user_id}|${r.side}|${r.status}|${Number(r.n)}`).sort();
}

describe('retentionCutoff', () => {
  it('is twelve calendar months back', () => {
    expect(new Date(retentionCutoff(Date.UTC(2026, 10, 21, 16, 30))).toISOString()).toBe(
      '2025-11-21T16:30:00.000Z',
    );
    expect(new Date(retentionCutoff(Date.UTC(2028, 1, 29))).toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });
});

describe('purgeExpiredOrders', () => {
  it("removes none of a seed's orders on the seed's day, and the oldest of them the day after", async () => {
    const db = api.store.db;
    const oldest = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.min('date_created').as('at'))
      .executeTakeFirstOrThrow();
    // SEED_NOW is the start of the seed's day; a server started at its last minute keeps every order.
    expect(Number(oldest.at)).toBeGreaterThanOrEqual(retentionCutoff(SEED_NOW + DAY - 60_000));
    expect(Number(oldest.at)).toBeLessThan(retentionCutoff(SEED_NOW + 2 * DAY));
    expect(await purgeExpiredOrders(api.store, SEED_NOW + DAY - 60_000)).toMatchObject({ deleted: 0 });
  });

  it('deletes orders older than 12 months with their rows, and keeps the counters true', async () => {
    const db = api.store.db;
    expect(await storedCounts()).toEqual(await countsFromOrders());
    const now = SEED_NOW + 75 * DAY;
    const cutoff = retentionCutoff(now);
    const expired = await db.selectFrom('orders').select('id').where('date_created', '<', cutoff).execute();
    const kept = await db.selectFrom('orders').select('id').where('date_created', '>=', cutoff).execute();
    expect(expired.length).toBeGreaterThan(50);
    const ids = expired.map((o) => Number(o.id));
    const dependents = async () => ({
      shipments: (await db.selectFrom('shipments').select('id').where('order_id', 'in', ids).execute())
        .length,
      feedback: (await db.selectFrom('feedback').select('id').where('order_id', 'in', ids).execute()).length,
      discounts: (
        await db.selectFrom('order_discounts').select('order_id').where('order_id', 'in', ids).execute()
      ).length,
      product: (
        await db.selectFrom('order_product').select('order_id').where('order_id', 'in', ids).execute()
      ).length,
    });
    const before = await dependents();
    expect(before.shipments).toBeGreaterThan(0);
    expect(before.feedback).toBeGreaterThan(0);

    const result = await purgeExpiredOrders(api.store, now);
    expect(result).toEqual({ deleted: expired.length, cutoff });
    expect(await dependents()).toEqual({ shipments: 0, feedback: 0, discounts: 0, product: 0 });
    const left = await db.selectFrom('orders').select('id').execute();
    expect(left.map((o) => Number(o.id)).sort()).toEqual(kept.map((o) => Number(o.id)).sort());
    expect(await storedCounts()).toEqual(await countsFromOrders());

    // Search totals come from the counters: they match what is left.
    const seller = api.sellers[0]!;
    const res = await api.get(
      `/orders/search?seller=${seller.id}&order.status=paid,cancelled&limit=1`,
      seller.access_token,
    );
    const total = orderSearchEnvelopeSchema.parse(await res.json()).paging.total;
    const real = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('seller_id', '=', seller.id)
      .where('status', 'in', ['paid', 'cancelled'])
      .executeTakeFirstOrThrow();
    expect(total).toBe(Number(real.n));

    expect(await purgeExpiredOrders(api.store, now)).toEqual({ deleted: 0, cutoff });
  });
});

describe('startRetentionJob', () => {
  it('purges at start and then every interval, with the injected clock, until stopped', async () => {
    let now = SEED_NOW + 90 * DAY;
    const runs: number[] = [];
    const stop = startRetentionJob(api.store, {
      clock: () => new Date(now),
      intervalMs: 15,
      onPurged: (r) => runs.push(r.deleted),
      onError: (e) => {
        throw e;
      },
    });
    await expect.poll(() => runs.length).toBeGreaterThanOrEqual(1);
    const oldest = await api.store.db
      .selectFrom('orders')
      .select((eb) => eb.fn.min('date_created').as('d'))
      .executeTakeFirstOrThrow();
    expect(Number(oldest.d)).toBeGreaterThanOrEqual(retentionCutoff(now));
    now += 30 * DAY;
    const before = runs.length;
    await expect.poll(() => runs.slice(before).some((n) => n > 0)).toBe(true);
    await stop();
    const after = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs.length).toBe(after);
    const oldestNow = await api.store.db
      .selectFrom('orders')
      .select((eb) => eb.fn.min('date_created').as('d'))
      .executeTakeFirstOrThrow();
    expect(Number(oldestNow.d)).toBeGreaterThanOrEqual(retentionCutoff(now));
    expect(await storedCounts()).toEqual(await countsFromOrders());
  });

  it('with purgedAlready, does not purge at once', async () => {
    const now = SEED_NOW + 200 * DAY;
    const expired = () =>
      api.store.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('date_created', '<', retentionCutoff(now))
        .executeTakeFirstOrThrow();
    expect(Number((await expired()).n)).toBeGreaterThan(0);
    const stop = startRetentionJob(api.store, {
      clock: () => new Date(now),
      intervalMs: 3_600_000,
      purgedAlready: true,
    });
    // Stopping waits for a run in progress: there is none.
    await stop();
    expect(Number((await expired()).n)).toBeGreaterThan(0);
  });
});
