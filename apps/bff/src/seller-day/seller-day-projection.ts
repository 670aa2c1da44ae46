import { randomUUID } from 'node:crypto';
import {
  ORDER_SEARCH_MAX_LIMIT,
  ORDER_SEARCH_MAX_OFFSET,
  ORDER_STATUSES,
  orderDiscountsSchema,
  orderSchema,
  orderSearchEnvelopeSchema,
  type PartialOrder,
  type ProceedsDiscount,
  type Shipment,
  shipmentSchema,
} from '@mostrador/contracts';
import { apiRequest, type FetchApp } from '../marketplace.ts';
import { type ProjectedOrder, projectionReads, projectOrder } from './order-row.ts';
import type { ProjectedRows, SellerDayRepository, SellerState } from './seller-day-repository.ts';

/** Changes are read again from a little before the last catch-up began: the clocks of two hosts differ a little. */
const CATCH_UP_MARGIN_MS = 5 * 60_000;
/** Reads of an order's shipment and discounts in flight at once, per page. */
const READS_IN_FLIGHT = 8;
const ALL_STATUSES = ORDER_STATUSES.join(',');
const ORDER_RETENTION_MONTHS = 12;
/** A seller whose fill or catch-up another instance holds is not asked for again sooner than this. */
const RETRY_AFTER_MS = 5_000;

export interface SellerDayProjectionOptions {
  repo: SellerDayRepository;
  /** The embedded marketplace, or the client of a remote one. */
  marketplace: FetchApp;
  /** A stored token of a user for background work, or null when the BFF holds none. */
  tokenFor: (userId: number) => Promise<string | null>;
  now: () => number;
  timeoutMs: number;
  /** How long a fill or catch-up holds its seller before another instance may take over. */
  leaseMs?: number;
  onError?: (error: unknown) => void;
}

class MarketplaceRefusal extends Error {
  constructor(readonly status: number) {
    super(`the marketplace answered ${status}`);
  }
}

/** Runs `work` over `items` with at most `limit` in flight, answering in the items' order. */
async function inFlight<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return out;
}

/**
 * The projection of each seller's orders (decision 0281): filled once through `/orders/search` with a token of the
 * seller's, kept current by the orders the notification worker reads, and caught up after downtime by a search of
 * what changed since the last catch-up. One instance at a time fills or catches up a seller (a lease in its row);
 * orders are rows keyed by their id, so nothing is counted twice whoever writes them.
 */
export function createSellerDayProjection(options: SellerDayProjectionOptions) {
  const { repo, now } = options;
  const owner = randomUUID();
  const leaseMs = options.leaseMs ?? 60_000;
  const running = new Map<number, Promise<void>>();
  /** Sellers caught up since this process started (here, or by the instance that held them). */
  const current = new Set<number>();
  /** When this process last tried to take each seller's turn. */
  const tried = new Map<number, number>();
  let stopped = false;

  async function get(path: string, token: string, format = false): Promise<unknown> {
    const res = await options.marketplace.fetch(
      apiRequest(path, {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(format ? { 'x-format-new': 'true' } : {}),
        },
        signal: AbortSignal.timeout(options.timeoutMs),
      }),
    );
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => {});
      throw new MarketplaceRefusal(res.status);
    }
    return res.json();
  }

  /** A member the platform will not give (404, 403) is read as absent; anything else is tried again later. */
  const absentIfRefused =
    <T>(absent: T) =>
    (error: unknown): T => {
      if (error instanceof MarketplaceRefusal && (error.status === 404 || error.status === 403))
        return absent;
      throw error;
    };

  async function project(order: ProjectedOrder, token: string): Promise<ProjectedRows> {
    const reads = projectionReads(order);
    const shipmentId = order.shipping.id;
    const [discounts, shipment] = await Promise.all([
      reads.discounts
        ? get(`/orders/${order.id}/discounts`, token).then(
            (body): ProceedsDiscount[] => orderDiscountsSchema.parse(body).details,
            absentIfRefused<ProceedsDiscount[]>([]),
          )
        : Promise.resolve([]),
      reads.shipment && typeof shipmentId === 'number'
        ? get(`/shipments/${shipmentId}`, token, true).then(
            (body): Shipment | null => shipmentSchema.parse(body),
            absentIfRefused(null),
          )
        : Promise.resolve(null),
    ]);
    return projectOrder(order, discounts, shipment);
  }

  /**
   * Reads the seller's orders created from `from` on (and changed from `changedFrom` on, when given), oldest first,
   * and writes them a page at a time. The search pages at most 10,000 deep: past that it starts again from the last
   * creation date read. `onPage` hears the creation date to resume from; false stops the reading.
   */
  async function readOrders(
    sellerId: number,
    token: string,
    from: number,
    changedFrom: number | null,
    onPage: (resumeFrom: number) => Promise<boolean>,
  ): Promise<boolean> {
    let cursor = from;
    let offset = 0;
    for (;;) {
      const query = new URLSearchParams({
        seller: String(sellerId),
        'order.status': ALL_STATUSES,
        'order.date_created.from': new Date(cursor).toISOString(),
        sort: 'date_asc',
        limit: String(ORDER_SEARCH_MAX_LIMIT),
        offset: String(offset),
      });
      if (changedFrom !== null)
        query.set('order.date_last_updated.from', new Date(changedFrom).toISOString());
      const page = orderSearchEnvelopeSchema.parse(await get(`/orders/search?${query}`, token));
      const rows = await inFlight(page.results, READS_IN_FLIGHT, (order) => project(order, token));
      await repo.writeOrders(rows);
      if (page.results.length < ORDER_SEARCH_MAX_LIMIT) return true;
      offset += ORDER_SEARCH_MAX_LIMIT;
      if (offset + ORDER_SEARCH_MAX_LIMIT > ORDER_SEARCH_MAX_OFFSET) {
        cursor = Date.parse(page.results.at(-1)!.date_created);
        offset = 0;
      }
      if (!(await onPage(cursor)) || stopped) return false;
    }
  }

  /** Fills the seller's projection if its fill has not ended, then reads what changed since the last catch-up. */
  async function run(sellerId: number, token: string): Promise<void> {
    tried.set(sellerId, now());
    const state = await repo.claim(sellerId, owner, now(), leaseMs);
    if (!state) return;
    // Gives the turn back (when it is still this owner's): stopped, or failed, another start goes on at once.
    const giveBack = () => repo.advance(sellerId, owner, {}, null);
    try {
      const keep = (patch: Partial<SellerState>) => repo.advance(sellerId, owner, patch, now() + leaseMs);
      if (state.state === 'filling') {
        const filled = await readOrders(sellerId, token, state.fill_from ?? 0, null, (resumeFrom) =>
          keep({ fill_from: resumeFrom }),
        );
        if (!filled) {
          await giveBack();
          return;
        }
      }
      const startedAt = now();
      const changedFrom = (state.synced_to ?? 0) - CATCH_UP_MARGIN_MS;
      const caught = await readOrders(sellerId, token, 0, changedFrom, () => keep({}));
      if (!caught) {
        await giveBack();
        return;
      }
      // Spec 8: orders are kept twelve months; the ones the marketplace let go leave the figures too.
      const cutoff = new Date(startedAt);
      cutoff.setUTCMonth(cutoff.getUTCMonth() - ORDER_RETENTION_MONTHS);
      await repo.forgetBefore(sellerId, cutoff.getTime());
      await repo.advance(
        sellerId,
        owner,
        { state: 'ready', fill_from: null, synced_to: startedAt, as_of: now() },
        null,
      );
      current.add(sellerId);
    } catch (error) {
      await giveBack().catch(() => {});
      throw error;
    }
  }

  function kick(sellerId: number, token: string): Promise<void> {
    const inHand = running.get(sellerId);
    if (inHand) return inHand;
    const work = run(sellerId, token)
      .catch((error) => options.onError?.(error))
      .finally(() => running.delete(sellerId));
    running.set(sellerId, work);
    return work;
  }

  return {
    /**
     * The seller's projection as it stands, started (and its fill begun with `token`) when this is its first use,
     * and caught up in the background the first time this process serves it.
     */
    async ensure(sellerId: number, token: string): Promise<SellerState> {
      let state = await repo.seller(sellerId);
      if (!state) {
        await repo.start(sellerId, now());
        state = (await repo.seller(sellerId))!;
      }
      const due = now() - (tried.get(sellerId) ?? Number.NEGATIVE_INFINITY) >= RETRY_AFTER_MS;
      if ((state.state === 'filling' || !current.has(sellerId)) && due) void kick(sellerId, token);
      return state;
    },

    /** Waits for the fill or catch-up this process runs for the seller, if any (tests, benchmarks). */
    settled: (sellerId: number): Promise<void> => running.get(sellerId) ?? Promise.resolve(),

    /**
     * An order the notification worker read whole with `token`: written into its seller's projection, when the
     * seller has one, before the worker publishes the change (the shipment and discounts it needs are read here).
     */
    async orderRead(order: PartialOrder, token: string): Promise<void> {
      const sellerId = Number((order.seller as { id?: string }).id);
      if (stopped || !Number.isSafeInteger(sellerId) || !(await repo.seller(sellerId))) return;
      const whole = orderSchema.safeParse(order);
      if (!whole.success) return;
      await repo.writeOrders([await project(whole.data, token)]);
    },

    /** At start: every projected seller whose token the BFF holds is caught up (or its fill resumed), in turn. */
    async catchUpAll(): Promise<void> {
      for (const seller of await repo.sellers()) {
        if (stopped) return;
        const token = await options.tokenFor(seller.seller_id);
        // One seller after the other: a start with many sellers does not search for all of them at once.
        if (token !== null) await kick(seller.seller_id, token);
      }
    },

    async stop(): Promise<void> {
      stopped = true;
      await Promise.all(running.values());
    },
  };
}

export type SellerDayProjection = ReturnType<typeof createSellerDayProjection>;
