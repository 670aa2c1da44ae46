import { beforeAll, describe, expect, it } from 'vitest';
import { PENDING_PAYMENT_DAYS } from '../domain/order-record.ts';
import { SEED_NOW, seededApi, type TestApi } from '../test-support.ts';
import { sweepOrderTime } from './time-sweep.ts';

const DAY = 86_400_000;
let api: TestApi;
beforeAll(async () => {
  // Enough orders in the last 28 days for more than one batch.
  api = await seededApi({ orders: 3_000 });
});

describe('the sweep of what time does to orders (SQLite file, or PostgreSQL with TEST_DATABASE_URL)', () => {
  const db = () => api.store.db;
  const open = () =>
    db()
      .selectFrom('orders')
      .select(['id', 'version', 'status'])
      .where('expired', '=', 0)
      .orderBy('id')
      .execute();

  it('finds nothing overdue in a fresh seed: older orders are written as time left them', async () => {
    expect(await sweepOrderTime(api.store, SEED_NOW)).toEqual({ changed: 0 });
    const stalePending = await db()
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'payment_in_process')
      .where('date_created', '<', SEED_NOW - PENDING_PAYMENT_DAYS * DAY)
      .execute();
    expect(stalePending).toEqual([]);
    const old = await db()
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('date_created', '<=', SEED_NOW - 28 * DAY)
      .where((eb) => eb.or([eb('expired', '=', 0), eb('time_due', 'is not', null)]))
      .executeTakeFirstOrThrow();
    expect(Number(old.n)).toBe(0);
  });

  it('passes every expiration date that came due, batch after batch, each order once', async () => {
    const before = await open();
    expect(before.length).toBeGreaterThan(200);
    const swept = await sweepOrderTime(api.store, SEED_NOW + 29 * DAY);
    expect(swept.changed).toBe(before.length);
    const after = await db()
      .selectFrom('orders')
      .select(['id', 'version', 'expired', 'time_due'])
      .where(
        'id',
        'in',
        before.map((o) => o.id),
      )
      .orderBy('id')
      .execute();
    expect(after.map((o) => Number(o.version))).toEqual(before.map((o) => Number(o.version) + 1));
    expect(after.every((o) => Number(o.expired) === 1 && o.time_due === null)).toBe(true);
    expect(await sweepOrderTime(api.store, SEED_NOW + 400 * DAY)).toEqual({ changed: 0 });
  });

  it('corrects a time_due that said too early, without a change to the order', async () => {
    const row = await db()
      .selectFrom('orders')
      .select(['id', 'version'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('orders').set({ time_due: SEED_NOW }).where('id', '=', row.id).execute();
    expect(await sweepOrderTime(api.store, SEED_NOW + 400 * DAY)).toEqual({ changed: 0 });
    const after = await db()
      .selectFrom('orders')
      .select(['version', 'time_due'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ version: row.version, time_due: null });
  });
});
