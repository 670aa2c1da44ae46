import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBffStore } from '../db/migrate.ts';
import type { ProjectedRows } from './seller-day-repository.ts';
import { createSellerDayRepository } from './seller-day-repository.ts';

let dir: string;
let store: Awaited<ReturnType<typeof openBffStore>>;
let repo: ReturnType<typeof createSellerDayRepository>;

const SELLER = 700001;
const order = (
  id: number,
  lastUpdated: number,
  patch: Partial<ProjectedRows['row']> = {},
): ProjectedRows => ({
  row: {
    order_id: id,
    seller_id: SELLER,
    date_created: Date.UTC(2026, 5, 1),
    day: '2026-06-01',
    last_updated: lastUpdated,
    status: 'paid',
    currency_id: 'ARS',
    total_cents: 10_000,
    receives_cents: 8_000,
    units: 1,
    sale: 1,
    cancelled: 0,
    fraud: 0,
    purchase_rating: null,
    to_ship: 1,
    fraud_open: 0,
    reply_due_until: null,
    unrated: 1,
    mediation_open: 0,
    at_risk: 0,
    buyer_nickname: 'COMPRADOR',
    title: 'Mate',
    shipment_state: 'label_not_printed',
    missing_evidence: null,
    mediation_stage: null,
    feedback_date: null,
    ...patch,
  },
  lines: [
    {
      order_id: id,
      line: 0,
      seller_id: patch.seller_id ?? SELLER,
      date_created: patch.date_created ?? Date.UTC(2026, 5, 1),
      sale: 1,
      item_id: 'MLA1',
      title: 'Mate',
      quantity: 1,
      revenue_cents: 10_000,
    },
  ],
  utcOffset: '-03:00',
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'seller-day-repo-'));
  store = await openBffStore({ file: join(dir, 'bff.db') });
  repo = createSellerDayRepository(store.db, store.group);
  await repo.start(SELLER, 0);
});

afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the seller's-day projection's rows", () => {
  it('keeps the row of the later change when an earlier read is written after it', async () => {
    await repo.writeOrders([order(1, 2_000, { to_ship: 0, status: 'paid' })]);
    await repo.writeOrders([order(1, 1_000, { to_ship: 1 })]);
    expect(await repo.queueCount(SELLER, 'to_ship')).toBe(0);
    await repo.writeOrders([order(1, 3_000, { to_ship: 1 })]);
    expect(await repo.queueCount(SELLER, 'to_ship')).toBe(1);
  });

  it('counts an order once however often it is written, and its lines once', async () => {
    for (let i = 0; i < 3; i++) await repo.writeOrders([order(2, 5_000)]);
    await repo.writeOrders([order(2, 5_000), order(2, 6_000, { to_ship: 0 })]);
    const totals = await repo.totalsByDayAndStatus(SELLER, 0, Date.UTC(2027, 0, 1));
    expect(totals.reduce((t, r) => t + r.orders, 0)).toBe(2);
    const [product] = await repo.topProducts(SELLER, 0, Date.UTC(2027, 0, 1), 10);
    expect(product).toEqual({ item_id: 'MLA1', title: 'Mate', units: 2, revenue_cents: 20_000 });
  });

  it('writes nothing for a seller without a projection', async () => {
    await repo.writeOrders([order(3, 1_000, { seller_id: 700002 })]);
    expect(await repo.totalsByDayAndStatus(700002, 0, Date.UTC(2027, 0, 1))).toEqual([]);
  });

  it('forgets the orders created before the cutoff, lines and all', async () => {
    await repo.writeOrders([order(4, 1_000, { date_created: Date.UTC(2025, 0, 1), day: '2024-12-31' })]);
    const all = () => repo.totalsByDayAndStatus(SELLER, 0, Date.UTC(2027, 0, 1));
    expect((await all()).some((r) => r.day === '2024-12-31')).toBe(true);
    await repo.forgetBefore(SELLER, Date.UTC(2025, 5, 1));
    expect((await all()).some((r) => r.day === '2024-12-31')).toBe(false);
    expect((await all()).reduce((t, r) => t + r.orders, 0)).toBe(2);
    const [product] = await repo.topProducts(SELLER, 0, Date.UTC(2027, 0, 1), 10);
    expect(product?.units).toBe(2);
  });

  it('gives the turn to fill to one owner until its lease runs out', async () => {
    expect(await repo.claim(SELLER, 'a', 10_000, 1_000)).not.toBeNull();
    expect(await repo.claim(SELLER, 'b', 10_500, 1_000)).toBeNull();
    expect(await repo.advance(SELLER, 'b', { fill_from: 5 }, 12_000)).toBe(false);
    expect(await repo.claim(SELLER, 'b', 11_001, 1_000)).not.toBeNull();
    expect(await repo.advance(SELLER, 'a', { fill_from: 5 }, 12_000)).toBe(false);
  });
});
