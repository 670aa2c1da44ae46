import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_APPLICATION_ID } from '../seed/generate.ts';
import { seededApi, type TestApi } from '../test-support.ts';
import { setApplicationCallback } from './callback-url.ts';
import { CHANGE_KINDS, type ChangeKind, createSimulator, startSimulator } from './simulator.ts';

let now = Date.now();
const clock = () => new Date(now);
let api: TestApi;

beforeAll(async () => {
  api = await seededApi({ clock });
  await setApplicationCallback(api.store, DEMO_APPLICATION_ID, 'https://hooks.example.com/n', {
    localUse: false,
  });
});

const outbox = () => api.store.db.selectFrom('notification_outbox').selectAll().orderBy('id').execute();
const order = (id: number) =>
  api.store.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('simulator', () => {
  it('makes each kind of change through the life cycle, each with its notification', async () => {
    const simulator = createSimulator(api.store, { clock, seed: 11 });
    const demoSellers = new Set(api.sellers.map((s) => s.id));
    const expectations: Record<ChangeKind, (row: Awaited<ReturnType<typeof order>>) => void> = {
      order: (row) => expect(['confirmed', 'payment_required']).toContain(row.status),
      payment: (row) => expect(row.payments_full.length).toBeGreaterThan(2),
      cancellation: (row) => expect(row.status).toBe('cancelled'),
      fraud_alert: (row) => expect(row.tags).toContain(',fraud_risk_detected,'),
      feedback: (row) => expect(row.feedback_status).not.toBe('pending'),
      invalidation: (row) => expect(row.status).toBe('invalid'),
      // Settled by the delivery table: covered (still paid) or cancelled, never both refunded and covered.
      chargeback: (row) => {
        const covered = row.tags.includes(',chargeback_covered,');
        expect(covered ? 'paid' : 'cancelled').toBe(row.status);
        expect(covered && row.payments_short.toString().includes('"refunded"')).toBe(false);
      },
      delivery: (row) => expect(row.version).toBeGreaterThan(1),
    };
    for (const kind of CHANGE_KINDS) {
      now += 1_000;
      const before = (await outbox()).length;
      const change = await simulator.step(kind);
      expect(change, kind).not.toBeNull();
      expect(change!.kind).toBe(kind);
      expect(demoSellers.has(change!.sellerId)).toBe(true);
      expectations[kind](await order(change!.orderId));
      const rows = await outbox();
      expect(rows.length, kind).toBe(before + 1);
      expect(rows.at(-1)).toMatchObject({
        topic: kind === 'feedback' ? 'orders_feedback' : 'orders_v2',
        resource: `/orders/${change!.orderId}`,
        user_id: change!.sellerId,
        received: now,
      });
    }
  });

  it('draws a realistic mix, from demo and other buyers, and every change reaches the outbox', async () => {
    const simulator = createSimulator(api.store, { clock, seed: 5 });
    const kinds = new Map<string, number>();
    const buyers = new Set<number>();
    const before = (await outbox()).length;
    let made = 0;
    for (let i = 0; i < 150; i++) {
      now += 100;
      const change = await simulator.step();
      if (!change) continue;
      made++;
      kinds.set(change.kind, (kinds.get(change.kind) ?? 0) + 1);
      if (change.kind === 'order') buyers.add(Number((await order(change.orderId)).buyer_id));
    }
    expect(made).toBeGreaterThan(140);
    for (const kind of CHANGE_KINDS) expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    expect(kinds.get('order')!).toBeGreaterThan(kinds.get('invalidation')!);
    const demoBuyers = new Set(api.buyers.map((b) => b.id));
    expect([...buyers].some((b) => demoBuyers.has(b))).toBe(true);
    expect([...buyers].some((b) => !demoBuyers.has(b))).toBe(true);
    expect((await outbox()).length).toBe(before + made);
  });

  it('runs at a rate until stopped', async () => {
    const before = (await outbox()).length;
    let changes = 0;
    const started = performance.now();
    const stop = startSimulator(api.store, { rate: 40, clock, seed: 2, onChange: () => changes++ });
    // Runs until ten changes were made, however slow the machine; never faster than its rate.
    await vi.waitFor(() => expect(changes).toBeGreaterThanOrEqual(10), { timeout: 15_000, interval: 20 });
    await stop();
    const elapsed = (performance.now() - started) / 1000;
    const after = (await outbox()).length;
    expect(changes).toBeLessThanOrEqual(Math.floor(elapsed * 40) + 1);
    expect(after - before).toBe(changes);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await outbox()).length).toBe(after);
    expect(() => startSimulator(api.store, { rate: 0 })).toThrow(/rate/);
  });

  it('makes up at most a second of changes after a pause, and says how many it let go', async () => {
    let changes = 0;
    const skipped: number[] = [];
    const stop = startSimulator(api.store, {
      rate: 40,
      clock,
      seed: 3,
      onChange: () => changes++,
      onBehind: (n) => skipped.push(n),
    });
    // The event loop held for 2.5 s: 100 changes came due, of which only the last second's 40 are made.
    const until = performance.now() + 2_500;
    while (performance.now() < until) {
      // held
    }
    await vi.waitFor(() => expect(skipped.length).toBeGreaterThan(0), { timeout: 15_000, interval: 20 });
    await stop();
    expect(skipped.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(59);
    expect(changes).toBeGreaterThan(0);
  });
});
