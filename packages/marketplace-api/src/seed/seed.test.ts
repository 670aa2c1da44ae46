import { ORDER_STATUSES } from '@mostrador/contracts';
import { describe, expect, it } from 'vitest';
import type { Store } from '../db/store.ts';
import { openTestStore, SEED_NOW } from '../test-support.ts';
import { seedStore } from './seed.ts';

async function seeded(orders: number, seed = 11) {
  const store = await openTestStore();
  const manifest = await seedStore(store, { orders, seed, now: SEED_NOW });
  return { store, manifest };
}

/**
 * The orders and the items as stored. Personal data is sealed afresh by each store; the bulk seed's fingerprint test
 * opens it and compares every table.
 */
const rowsOf = async (store: Store) => ({
  orders: await store.db.selectFrom('orders').selectAll().orderBy('id').execute(),
  items: await store.db.selectFrom('items').selectAll().orderBy('id').execute(),
});

describe('the seed', () => {
  it('gives the same marketplace for the same seed and day, another for another seed', async () => {
    const a = await rowsOf((await seeded(300)).store);
    expect(a.orders).toHaveLength(300);
    expect(await rowsOf((await seeded(300)).store)).toEqual(a);
    expect((await rowsOf((await seeded(300, 12)).store)).orders).not.toEqual(a.orders);
  }, 60_000);

  it('refuses a store that holds data', async () => {
    const { store } = await seeded(300);
    await expect(seedStore(store, { orders: 300, seed: 11, now: SEED_NOW })).rejects.toThrow(
      'the database already holds data',
    );
  });

  it('gives the demo sellers and buyers orders with each other in every status, and tokens', async () => {
    const { store, manifest } = await seeded(3_000);
    const sellers = manifest.users.filter((u) => u.role === 'seller');
    const buyers = manifest.users.filter((u) => u.role === 'buyer');
    expect(sellers.length).toBeGreaterThanOrEqual(3);
    expect(buyers.length).toBeGreaterThanOrEqual(3);
    for (const u of manifest.users) expect(u.access_token).toMatch(/^APP_USR-\d+-\d{6}-[0-9a-f]{32}-\d+$/);
    for (const s of sellers) {
      for (const b of buyers) {
        const rows = await store.db
          .selectFrom('orders')
          .select('status')
          .distinct()
          .where('seller_id', '=', s.id)
          .where('buyer_id', '=', b.id)
          .execute();
        expect(rows.map((r) => r.status).sort()).toEqual([...ORDER_STATUSES].sort());
      }
    }
  });

  it('covers every tag, channel, flow and discount type, with money in the currency’s decimals', async () => {
    const { store } = await seeded(3_000);
    const orders = await store.db.selectFrom('orders').select(['tags', 'doc', 'currency_id']).execute();
    const tags = new Set(orders.flatMap((o) => o.tags.split(',').filter(Boolean)));
    for (const t of [
      'paid',
      'delivered',
      'not_delivered',
      'fraud_risk_detected',
      'shops',
      'no_shipping',
      'order_has_discount',
    ]) {
      expect(tags, t).toContain(t);
    }
    const docs = orders.map((o) => JSON.parse(Buffer.from(o.doc).toString()));
    const channels = new Set(docs.map((d) => d.context.channel));
    expect([...channels].sort()).toEqual(['marketplace', 'pay-channel', 'proximity', 'shops']);
    const flows = new Set(docs.flatMap((d) => d.context.flows));
    expect(flows.size).toBeGreaterThanOrEqual(6);
    for (const d of docs.filter((x) => x.currency_id === 'CLP' || x.currency_id === 'COP')) {
      expect(Number.isInteger(d.total_amount)).toBe(true);
    }
    const kinds = await store.db.selectFrom('order_discounts').select('details').execute();
    const types = new Set(kinds.flatMap((k) => JSON.parse(k.details).map((d: { type: string }) => d.type)));
    expect([...types].sort()).toEqual(['cashback', 'coupon', 'discount']);
    const several = kinds.filter((k) => JSON.parse(k.details).length > 1);
    expect(several.length).toBeGreaterThan(0);
  });
});
