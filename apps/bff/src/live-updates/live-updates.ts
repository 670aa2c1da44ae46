import { type CommitGroup, createCommitGroup } from '@mostrador/server-kit/store';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { BffDatabase } from '../db/schema.ts';
import type { FetchApp } from '../marketplace.ts';
import type { Sessions } from '../session/sessions.ts';
import { createEventBus, type EventBus } from './event-bus.ts';
import { createEventRepository } from './event-repository.ts';
import { eventRoutes } from './event-routes.ts';
import { type EventSignal, relayEvents } from './event-signal.ts';
import { notificationFeedRoutes } from './notification-feed-routes.ts';
import { createNotificationQueueRepository } from './notification-queue-repository.ts';
import { createNotificationWorker, type ParkReason, type WorkerOptions } from './notification-worker.ts';
import { receiverRoutes } from './receiver-routes.ts';
import type { SourceCheck } from './source-check.ts';
import type { StreamRegistry } from './stream-registry.ts';

const HOUR = 3_600_000;
/** Events, finished notifications and the ids seen are kept this long (decision 0051). */
export const LIVE_UPDATES_RETENTION_MS = 7 * 24 * HOUR;

export interface LiveUpdatesOptions {
  /** Who may deliver notifications; `loopback` in local use, `platform` otherwise. */
  sourceCheck?: SourceCheck;
  /** The platform's sender addresses, when they differ from spec 6.5's. */
  sources?: readonly string[];
  /** Comment lines on idle event streams this often; 15 s by default. */
  heartbeatMs?: number;
  worker?: Partial<
    Pick<WorkerOptions, 'pollMs' | 'leaseMs' | 'batch' | 'perLane' | 'maxTries' | 'timeoutMs'>
  >;
  onParked?: (userId: number, reason: ParkReason) => void;
  onError?: (error: unknown) => void;
  /** Hears each order the worker read whole (the seller's-day projection). */
  onOrderRead?: WorkerOptions['onOrderRead'];
  /** Support may redeliver a stored notification into the receiver (local use only, decision 0078). */
  redeliver?: boolean;
}

/**
 * Notifications in, events out (decisions 0051–0053): the receiver `POST /bff/notifications`, its durable queue and
 * worker, and the event stream `GET /bff/events`. `start()` runs the worker and the hourly clean-up.
 */
export function createLiveUpdates(deps: {
  db: Kysely<BffDatabase>;
  /** The store's shared commits (decision 0086); one of its own without it. */
  group?: CommitGroup<BffDatabase>;
  sessions: Sessions;
  streams: StreamRegistry;
  marketplace: FetchApp;
  applicationId: number;
  now: () => number;
  options?: LiveUpdatesOptions;
  /** Joins the instances on one database: what one publishes reaches streams open on the others. */
  signal?: EventSignal;
}) {
  const options = deps.options ?? {};
  const queue = createNotificationQueueRepository(deps.db, {
    group: deps.group ?? createCommitGroup(deps.db),
  });
  const events = createEventRepository(deps.db);
  const bus = createEventBus();
  // With a signal, events published here also reach streams on the other instances of the store (decision 0082).
  let relay: ReturnType<typeof relayEvents> | undefined;
  const publishing: EventBus = {
    ...bus,
    publish: (event) => (relay ? relay.publish(event) : bus.publish(event)),
  };
  const worker = createNotificationWorker({
    queue,
    bus: publishing,
    marketplace: deps.marketplace,
    tokenFor: (userId) => deps.sessions.tokenForUser(userId),
    now: deps.now,
    ...options.worker,
    onParked: (row, reason) => options.onParked?.(row.userId, reason),
    onError: options.onError,
    onOrderRead: options.onOrderRead,
  });
  let wake: (userId?: number) => void = () => {};

  const receiver = {
    queue,
    applicationId: deps.applicationId,
    now: deps.now,
    onQueued: (userId: number) => wake(userId),
  };
  // The platform's deliveries: a server's request, not a browser's (see `createBffApp` for where it is mounted).
  const receiverApp = receiverRoutes({
    ...receiver,
    sourceCheck: options.sourceCheck ?? 'platform',
    sources: options.sources,
  });
  const routes = new Hono();
  routes.route(
    '/',
    notificationFeedRoutes({
      queue,
      receiver,
      redeliver: options.redeliver ?? false,
    }),
  );
  routes.route(
    '/',
    eventRoutes({
      streams: deps.streams,
      events,
      bus,
      heartbeatMs: options.heartbeatMs ?? 15_000,
      queue,
      sessionLive: (sessionKey, userId) => deps.sessions.isLive(sessionKey, userId),
    }),
  );

  async function purge(): Promise<void> {
    const before = deps.now() - LIVE_UPDATES_RETENTION_MS;
    await queue.purge(before);
    await events.purge(before);
  }

  return {
    /** `POST /notifications`, the platform's deliveries. */
    receiver: receiverApp,
    /** The feed, its redelivery and the event stream: a signed-in browser's. */
    routes,
    queue,
    events,
    bus,
    worker,
    purge,
    /** Runs the worker and the hourly clean-up; `stop()` waits for rows in hand. */
    start(): { stop(): Promise<void> } {
      const running = worker.start();
      wake = running.wake;
      if (deps.signal) {
        relay = relayEvents({ bus, events, signal: deps.signal, onError: options.onError });
      }
      // Sessions that end on other instances close their streams here (decision 0250).
      const unfollow = deps.streams.follow((sessionKey, userId) => deps.sessions.isLive(sessionKey, userId));
      const cleanUp = setInterval(() => purge().catch((error) => options.onError?.(error)), HOUR);
      cleanUp.unref();
      return {
        async stop() {
          wake = () => {};
          relay?.stop();
          relay = undefined;
          unfollow();
          clearInterval(cleanUp);
          await running.stop();
        },
      };
    },
  };
}

export type LiveUpdates = ReturnType<typeof createLiveUpdates>;
