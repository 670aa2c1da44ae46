import type { DeliveryProgressBody } from '@mostrador/contracts';
import type { CommitGroup } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LifecycleError, type PaymentStatus, type SellerCancelCode } from '../domain/order-lifecycle.ts';
import { type Clock, systemClock } from '../domain/time.ts';
import { createFeedbackRepository } from '../feedback/feedback-repository.ts';
import { createOrderWriteRepository, type WrittenOrder } from '../orders/order-write-repository.ts';
import { DEMO_APPLICATION_ID, DEMO_BUYERS, DEMO_SELLERS } from '../seed/generate.ts';
import { Random } from '../seed/random.ts';
import { createSimulatorRepository } from './simulator-repository.ts';

export const CHANGE_KINDS = [
  'order',
  'payment',
  'cancellation',
  'fraud_alert',
  'feedback',
  'invalidation',
  'chargeback',
  'delivery',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface SimulatedChange {
  kind: ChangeKind;
  orderId: number;
  sellerId: number;
  /** The order's status after the change. */
  status: string;
}

export interface SimulatorOptions {
  clock?: Clock;
  /** Seed of the simulator's choices; the same seed on the same store makes the same changes. */
  seed?: number;
  onChange?: (change: SimulatedChange) => void;
  onError?: (error: unknown) => void;
}

// Shares of each kind of change, close to a marketplace's day: mostly new orders and payments.
const WEIGHTS: readonly (readonly [ChangeKind, number])[] = [
  ['order', 0.34],
  ['payment', 0.26],
  ['feedback', 0.15],
  ['cancellation', 0.08],
  ['fraud_alert', 0.06],
  ['invalidation', 0.03],
  ['chargeback', 0.04],
  ['delivery', 0.08],
];
const OPEN = ['confirmed', 'payment_required', 'payment_in_process', 'partially_paid'];
const FEEDBACK_MESSAGES = [
  'Excelente vendedor, todo perfecto.',
  'Llegó rápido y bien embalado.',
  'Recomendado 100%.',
];

/**
 * Realistic change through the order life cycle on the demo sellers' orders, written straight to the store the way
 * the API writes it (so every change reaches the outbox): new orders from the demo buyers and others, payments,
 * cancellations, fraud alerts, feedback and, rarely, an invalidation. `step()` makes one change.
 */
export function createSimulator(
  store: { db: Kysely<Database>; group?: CommitGroup<Database> },
  options: SimulatorOptions = {},
) {
  const clock = options.clock ?? systemClock;
  const r = new Random(options.seed ?? 1);
  const writes = createOrderWriteRepository(store.db, store.group);
  const feedback = createFeedbackRepository(store.db, store.group);
  const reads = createSimulatorRepository(store.db);
  let cast:
    | { sellers: { id: number; siteId: string }[]; demoBuyers: { id: number; siteId: string }[] }
    | undefined;
  const buyersBySite = new Map<string, number[]>();

  async function people() {
    if (!cast) {
      const sellers = await reads.usersByNickname(DEMO_SELLERS.map((s) => s.nickname));
      const demoBuyers = await reads.usersByNickname(DEMO_BUYERS.map((b) => b.nickname));
      if (sellers.length === 0) throw new Error('the store has no demo sellers; seed it first');
      cast = { sellers, demoBuyers };
    }
    return cast;
  }

  async function buyerFor(siteId: string): Promise<number | undefined> {
    const { demoBuyers } = await people();
    const demo = demoBuyers.find((b) => b.siteId === siteId);
    if (demo && r.chance(0.4)) return demo.id;
    let others = buyersBySite.get(siteId);
    if (!others) {
      others = await reads.buyersOfSite(siteId, 500);
      buyersBySite.set(siteId, others);
    }
    return others.length > 0 ? r.pick(others) : demo?.id;
  }

  async function pickOrder(
    statuses: string[],
    accept: (o: { tags: string[]; feedbackStatus: string }) => boolean,
  ) {
    const { sellers } = await people();
    const candidates = (
      await writes.recent(
        sellers.map((s) => s.id),
        statuses,
        60,
      )
    ).filter(accept);
    return candidates.length > 0 ? r.pick(candidates) : undefined;
  }

  const done = (kind: ChangeKind, w: WrittenOrder | undefined): SimulatedChange | null =>
    w?.changed ? { kind, orderId: w.order.id, sellerId: w.order.sellerId, status: w.order.status } : null;

  const makers: Record<ChangeKind, (now: number) => Promise<SimulatedChange | null>> = {
    async order(now) {
      const { sellers } = await people();
      const seller = r.pick(sellers);
      const stock = await reads.itemsInStock(seller.id);
      const buyerId = await buyerFor(seller.siteId);
      if (stock.length === 0 || buyerId === undefined) return null;
      const first = r.pick(stock);
      const lines = [
        {
          id: first.id,
          quantity: Math.min(
            first.available,
            r.weighted([
              [1, 0.85],
              [2, 0.15],
            ] as const),
          ),
        },
      ];
      const second = r.pick(stock);
      if (second.id !== first.id && r.chance(0.1)) lines.push({ id: second.id, quantity: 1 });
      return done(
        'order',
        await writes.create({
          buyerId,
          sellerId: seller.id,
          items: lines,
          applicationId: DEMO_APPLICATION_ID,
          now,
        }),
      );
    },
    async payment(now) {
      const order = await pickOrder(OPEN, () => true);
      if (!order) return null;
      const status = r.weighted<PaymentStatus>([
        ['approved', 0.65],
        ['in_process', 0.15],
        ['pending', 0.1],
        ['rejected', 0.1],
      ]);
      return done('payment', await writes.pay(order.id, { status, now }));
    },
    async cancellation(now) {
      const order = await pickOrder([...OPEN, 'paid'], () => true);
      if (!order) return null;
      const code: SellerCancelCode = order.tags.includes('fraud_risk_detected')
        ? 'fraud_risk_detected'
        : r.pick(['seller_out_of_stock', 'seller_cancel_sale'] as const);
      return done(
        'cancellation',
        await writes.cancel(order.id, { code, applicationId: DEMO_APPLICATION_ID, now }),
      );
    },
    async fraud_alert(now) {
      const order = await pickOrder(
        ['paid', 'partially_paid'],
        (o) => !o.tags.includes('fraud_risk_detected'),
      );
      if (!order) return null;
      return done('fraud_alert', await writes.fraudAlert(order.id, now));
    },
    /** The buyer's chargeback on a paid sale: settled by spec 1's table (covered, refund, cancelled, returned). */
    async chargeback(now) {
      const order = await pickOrder(
        ['paid', 'partially_paid'],
        (o) => !o.tags.includes('chargeback_covered'),
      );
      if (!order) return null;
      return done('chargeback', await writes.chargeback(order.id, now));
    },
    /** A delivery moves one step on: the carrier's for the platform's shipping, the seller's for its own. */
    async delivery(now) {
      const { sellers } = await people();
      const candidates = await writes.recentDeliveries(
        sellers.map((s) => s.id),
        60,
      );
      if (candidates.length === 0) return null;
      const d = r.pick(candidates);
      const evidence = {
        kind: r.pick(['signed_receipt', 'tracking', 'photo'] as const),
        reference: `RC-${r.digits(8)}`,
      };
      const arrives = r.chance(0.85);
      const body: DeliveryProgressBody = d.platformShipping
        ? d.state === 'label_not_printed'
          ? { state: 'label_printed' }
          : d.state === 'label_printed'
            ? { state: 'shipped' }
            : d.state === 'shipped'
              ? { state: arrives ? 'delivered' : 'not_delivered' }
              : { state: 'delivered' }
        : d.state === 'not_delivered' || arrives
          ? { state: 'delivered', ...(r.chance(0.7) ? { evidence } : {}) }
          : { state: 'not_delivered' };
      return done('delivery', await writes.progressDelivery(d.orderId, d.shipmentId, body, now));
    },
    async invalidation(now) {
      const order = await pickOrder(['confirmed', 'payment_required'], () => true);
      if (!order) return null;
      return done('invalidation', await writes.invalidate(order.id, now));
    },
    async feedback(now) {
      const order = await pickOrder(['paid'], (o) => o.feedbackStatus !== 'complete');
      if (!order) return null;
      const role =
        order.feedbackStatus === 'waiting_buyer'
          ? 'purchase'
          : order.feedbackStatus === 'waiting_seller'
            ? 'sale'
            : r.pick(['sale', 'purchase'] as const);
      const rating = r.weighted([
        ['positive', 0.86],
        ['neutral', 0.09],
        ['negative', 0.05],
      ] as const);
      const given = await feedback.give(
        {
          orderId: order.id,
          role,
          fromUserId: role === 'sale' ? order.sellerId : order.buyerId,
          toUserId: role === 'sale' ? order.buyerId : order.sellerId,
          fulfilled: rating !== 'negative',
          rating,
          reason: rating === 'negative' ? 'PRODUCT_DAMAGED' : null,
          message: r.chance(0.6) ? r.pick(FEEDBACK_MESSAGES) : null,
        },
        now,
      );
      if (given === 'exists') return null;
      return { kind: 'feedback', orderId: order.id, sellerId: order.sellerId, status: order.status };
    },
  };

  return {
    /** One change: of the given kind, or drawn by weight; null when no order fits or the change was refused. */
    async step(kind?: ChangeKind): Promise<SimulatedChange | null> {
      const chosen = kind ?? r.weighted(WEIGHTS);
      try {
        let change = await makers[chosen](clock().getTime());
        // Nothing to pay or cancel yet: a new order keeps the rate.
        if (!change && kind === undefined && chosen !== 'order')
          change = await makers.order(clock().getTime());
        if (change) options.onChange?.(change);
        return change;
      } catch (error) {
        // A refusal (blocked buyer, sold out) is part of a marketplace's life; anything else is reported.
        if (!(error instanceof LifecycleError)) options.onError?.(error);
        return null;
      }
    },
  };
}

export type Simulator = ReturnType<typeof createSimulator>;

/** Changes made side by side at most: those due together share their commits (decision 0086). */
const SIDE_BY_SIDE = 50;

/**
 * Makes `rate` changes per second until stopped (the `npm run simulate` command, and the app's control in local
 * use). The changes due at each tick are made side by side, so they share their commits; when the simulator falls
 * behind (a busy machine, a pause), it makes up at most one second of changes and lets the rest go, rather than
 * flooding the store with a burst. Answers `stop()`, which waits for the changes in progress.
 */
export function startSimulator(
  store: { db: Kysely<Database>; group?: CommitGroup<Database> },
  options: SimulatorOptions & {
    rate: number;
    /** Told how many changes were let go when the simulator fell more than a second behind. */
    onBehind?: (skipped: number) => void;
  },
): () => Promise<void> {
  if (!(options.rate > 0 && options.rate <= 1000))
    throw new Error('rate must be above 0 and at most 1000 per second');
  const simulator = createSimulator(store, options);
  const started = performance.now();
  let made = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      const due = Math.floor(((performance.now() - started) / 1000) * options.rate);
      // More than a second behind: that part is not made up.
      const skipped = due - Math.ceil(options.rate) - made;
      if (skipped > 0) {
        made += skipped;
        options.onBehind?.(skipped);
      }
      while (!stopped && made < due) {
        const together = Math.min(SIDE_BY_SIDE, due - made);
        made += together;
        await Promise.all(Array.from({ length: together }, () => simulator.step()));
      }
    })();
    return running;
  };
  const interval = Math.max(5, Math.min(100, 1000 / options.rate / 2));
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    await tick();
    if (!stopped) timer = setTimeout(loop, interval);
  };
  timer = setTimeout(loop, interval);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
