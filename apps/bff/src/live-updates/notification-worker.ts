import { type LiveOrder, liveEventSchema, type PartialOrder, partialOrderSchema } from '@mostrador/contracts';
import { createLeaseQueue } from '@mostrador/server-kit/lease-queue';
import { apiRequest, type FetchApp } from '../marketplace.ts';
import type { EventBus } from './event-bus.ts';
import type {
  NotificationQueueRepository,
  QueuedNotification,
  SettleStep,
} from './notification-queue-repository.ts';
import { jsonLine } from './sse-format.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** Why a notification was set aside: it cannot be shown to anyone. */
export type ParkReason =
  | 'no_stored_token'
  | 'token_refused'
  | 'order_not_found'
  | 'not_owned_order'
  | 'refused'
  | 'unavailable';

export interface WorkerOptions {
  queue: NotificationQueueRepository;
  bus: EventBus;
  /** The embedded marketplace, or the forwarder to a remote one. */
  marketplace: FetchApp;
  /** A stored, valid token of the user (refreshed if need be), or null when the BFF holds none. */
  tokenFor: (userId: number) => Promise<string | null>;
  now: () => number;
  /** Users in flight at most; each user's rows are handled in order. */
  batch?: number;
  /** Rows of one user leased together (decision 0086). */
  perLane?: number;
  leaseMs?: number;
  /** How often to look for rows another process queued, or that came due after a delay. */
  pollMs?: number;
  /** Time limit of the read of the order. */
  timeoutMs?: number;
  /** Tries before a row the platform keeps failing on is parked as `unavailable`. */
  maxTries?: number;
  onParked?: (row: QueuedNotification, reason: ParkReason) => void;
  onError?: (error: unknown) => void;
  /**
   * An order read whole (200), with the token it was read with, heard before its event is published: what a browser
   * reads on the event already includes it (the seller's-day projection). Its failure holds nothing back.
   */
  onOrderRead?: (order: PartialOrder, token: string) => Promise<void>;
}

type Published = { id: number; name: string; data: string };

type Outcome =
  | { kind: 'order'; order: LiveOrder; whole: PartialOrder | null }
  | { kind: 'park'; reason: ParkReason }
  | { kind: 'retry' };

function liveOrder(o: PartialOrder): LiveOrder {
  return {
    id: o.id,
    status: o.status,
    status_detail: o.status_detail,
    date_created: o.date_created,
    date_closed: o.date_closed,
    last_updated: o.last_updated,
    total_amount: o.total_amount,
    paid_amount: o.paid_amount,
    currency_id: o.currency_id,
    tags: o.tags,
    buyer: 'id' in o.buyer ? { id: Number(o.buyer.id), nickname: o.buyer.nickname ?? null } : null,
    seller: 'id' in o.seller ? { id: Number(o.seller.id) } : null,
    items: o.order_items.map((line) => ({
      id: line.item.id,
      title: line.item.title,
      quantity: line.quantity,
    })),
  };
}

/**
 * Takes the notification queue (decision 0051): claims rows under a lease (the oldest waiting row of each user, so
 * each user's events keep their order), reads the order with the user's stored token — the body is not trusted —
 * and publishes an event in the same transaction that marks the row done.
 */
export function createNotificationWorker(options: WorkerOptions) {
  const { queue, bus, now } = options;
  const maxTries = options.maxTries ?? 8;

  async function readOrder(row: QueuedNotification, tokenOf: Promise<string | null>): Promise<Outcome> {
    const token = await tokenOf;
    if (token === null) return { kind: 'park', reason: 'no_stored_token' };
    let res: Response;
    try {
      res = await options.marketplace.fetch(
        apiRequest(row.resource, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'x-format-new': 'true' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        }),
      );
    } catch {
      return { kind: 'retry' };
    }
    if (res.status === 200 || res.status === 206) {
      const parsed = partialOrderSchema.safeParse(await res.json().catch(() => undefined));
      if (!parsed.success) return { kind: 'retry' };
      return { kind: 'order', order: liveOrder(parsed.data), whole: res.status === 200 ? parsed.data : null };
    }
    await res.body?.cancel().catch(() => {});
    if (res.status === 401) return { kind: 'park', reason: 'token_refused' };
    if (res.status === 403) return { kind: 'park', reason: 'not_owned_order' };
    if (res.status === 404) return { kind: 'park', reason: 'order_not_found' };
    // Any other refusal will be refused again: trying it eight times only holds the user's later changes back.
    if (res.status >= 400 && res.status < 500) return { kind: 'park', reason: 'refused' };
    return { kind: 'retry' };
  }

  /** What to do with a row once its order was read; a row to try again later holds the user's later rows back. */
  function stepFor(row: QueuedNotification, outcome: Outcome): SettleStep<ParkReason> {
    if (outcome.kind === 'order') {
      return {
        kind: 'publish',
        row,
        build: (eventId, notificationIds) => {
          const event = liveEventSchema.parse({
            type: 'order_changed',
            event_id: eventId,
            user_id: row.userId,
            topic: row.topic,
            resource: row.resource,
            notification_ids: notificationIds,
            queue_id: row.id,
            changed_at: iso(row.changedAt),
            published_at: iso(now()),
            order: outcome.order,
          });
          return { name: event.type, data: jsonLine(JSON.stringify(event)) };
        },
      };
    }
    if (outcome.kind === 'retry' && row.tries + 1 < maxTries) {
      return { kind: 'retry', row, dueAt: now() + Math.min(60_000, 1000 * 2 ** row.tries) };
    }
    return { kind: 'park', row, reason: outcome.kind === 'park' ? outcome.reason : 'unavailable' };
  }

  /**
   * One user's claimed rows, in order: their orders are read side by side, with the user's token looked up once for
   * all of them; then the rows are settled in one transaction and their events published in order (decision 0242).
   * A row that must be tried again later holds the user's later rows back: they are given back untouched.
   */
  async function handleLane(rows: QueuedNotification[]): Promise<number> {
    const token = options.tokenFor(rows[0]!.userId);
    const reads = rows.map((row) =>
      readOrder(row, token)
        .then(async (outcome) => {
          const bearer = await token;
          if (outcome.kind === 'order' && outcome.whole && bearer !== null && options.onOrderRead) {
            await options.onOrderRead(outcome.whole, bearer).catch((error) => options.onError?.(error));
          }
          return outcome;
        })
        .catch((): Outcome => ({ kind: 'retry' })),
    );
    const steps: SettleStep<ParkReason>[] = [];
    for (const [i, row] of rows.entries()) {
      const step = stepFor(row, await reads[i]!);
      steps.push(step);
      if (step.kind === 'retry') break;
    }
    const release = rows.slice(steps.length).map((row) => row.id);
    let published: (Published | null)[];
    try {
      published = await queue.settleLane(leases.worker, now(), steps, release);
    } catch (error) {
      // Nothing of the lane was written: its rows are taken again once their lease ends.
      options.onError?.(error);
      return steps.length;
    }
    for (const [i, step] of steps.entries()) {
      const event = published[i];
      if (event) bus.publish({ ...event, userId: step.row.userId });
      if (step.kind === 'park') options.onParked?.(step.row, step.reason);
    }
    return steps.length;
  }

  const leases = createLeaseQueue<QueuedNotification>({
    claim: (at, worker, lease) => queue.claim(at, worker, lease),
    laneOf: (row) => row.userId,
    handleLane,
    now,
    workerPrefix: 'bff',
    batch: options.batch ?? 32,
    perLane: options.perLane ?? 32,
    leaseMs: options.leaseMs ?? 30_000,
    pollMs: options.pollMs ?? 250,
    ...(options.onError ? { onError: options.onError } : {}),
  });

  return {
    worker: leases.worker,
    /** Rounds until nothing is due (tests). Answers how many rows were claimed. */
    drain: (maxRounds?: number) => leases.drain(maxRounds, 'claimed'),
    /** Runs in the background: woken by `wake()` (a notification was queued), after each lane, and every poll. */
    start: leases.start,
  };
}

export type NotificationWorker = ReturnType<typeof createNotificationWorker>;
