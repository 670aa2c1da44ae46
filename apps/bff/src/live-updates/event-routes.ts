import { errorBody, exactId } from '@mostrador/contracts';
import { type Context, Hono } from 'hono';
import type { SessionEnv } from '../middleware/session.ts';
import type { EventBus } from './event-bus.ts';
import type { EventRepository, StoredEvent } from './event-repository.ts';
import type { NotificationQueueRepository } from './notification-queue-repository.ts';
import { SSE_HEARTBEAT, sseMessage } from './sse-format.ts';
import type { SessionCheck, StreamRegistry } from './stream-registry.ts';

const EVENT_ID = /^\d{1,15}$/;
const PAGE = 500;
/**
 * Event streams one session may hold open: a browser keeps one per tab, and over HTTP/1.1 cannot open more than six
 * to one host anyway. Past it a new stream is refused (429) rather than another closed, which would only make the
 * tabs take each other's place in turn.
 */
export const MAX_STREAMS_PER_SESSION = 10;
/**
 * A browser this far behind (writes not yet sent: each one event, or the events of one turn) is dropped; it
 * reconnects and resumes from its last id.
 */
const MAX_QUEUED_WRITES = 2_000;
const encoder = new TextEncoder();
const RETRY = encoder.encode('retry: 2000\n\n');
const HEARTBEAT = encoder.encode(SSE_HEARTBEAT);

/** An event's bytes on the wire, made once for all the streams of its user (the bus hands them the same object). */
const wireCache = new WeakMap<StoredEvent, Uint8Array>();
function framed(event: StoredEvent): Uint8Array {
  let bytes = wireCache.get(event);
  if (!bytes) {
    bytes = encoder.encode(sseMessage({ id: event.id, event: event.name, data: event.data }));
    wireCache.set(event, bytes);
  }
  return bytes;
}

export interface EventRoutesOptions {
  streams: StreamRegistry;
  events: EventRepository;
  bus: EventBus;
  /** Comment lines this often, so a quiet stream is not taken for a dead one. */
  heartbeatMs: number;
  queue: Pick<NotificationQueueRepository, 'forOrder'>;
  /** Whether the session still stands with that account active (`Sessions.isLive`). */
  sessionLive: SessionCheck;
}

/**
 * `GET /bff/events` (decision 0053): the active account's events as server-sent events, resuming after
 * `Last-Event-ID` (or `?after=` on a first connection), with heartbeats. Logout, a new session id and a switch of
 * account close it, on whichever instance they happen (the stream registry, decision 0250).
 */
export function eventRoutes(options: EventRoutesOptions) {
  const { streams, events, bus } = options;
  const app = new Hono<SessionEnv>();

  async function startingPoint(c: Context, userId: number): Promise<number | 'invalid'> {
    const raw = c.req.header('last-event-id') ?? c.req.query('after');
    if (raw === undefined || raw === '') return events.latestId(userId);
    if (!EVENT_ID.test(raw)) return 'invalid';
    const after = Number(raw);
    // An id of another account (the browser switched accounts and reconnected): start from now, not from there.
    const owner = after === 0 ? userId : await events.ownerOf(after);
    return owner !== undefined && owner !== userId ? events.latestId(userId) : after;
  }

  // The notifications about one order that reached this BFF for the active account (the order page lists them).
  app.get('/orders/:id/notifications', async (c) => {
    const session = await c.var.session();
    const userId = session?.row.active_user_id ?? null;
    if (!session || userId === null) return c.json(errorBody('not_identified_user'), 401);
    const id = exactId(c.req.param('id'));
    if (id === null) return c.json(errorBody('invalid_order_id'), 400);
    const entries = await options.queue.forOrder(userId, `/orders/${id}`);
    return c.json({
      notifications: entries.map((e) => ({
        id: e.id,
        topic: e.topic,
        state: e.state,
        changed_at: new Date(e.changedAt).toISOString(),
        arrived_at: new Date(e.arrivedAt).toISOString(),
        notification_ids: e.notificationIds,
      })),
    });
  });

  app.get('/events', async (c) => {
    const session = await c.var.session();
    const userId = session?.row.active_user_id ?? null;
    if (!session || userId === null) return c.json(errorBody('not_identified_user'), 401);
    const start = await startingPoint(c, userId);
    if (start === 'invalid') {
      return c.json(errorBody('bad_request', { message: 'Last-Event-ID and after must be event ids' }), 400);
    }
    // Counted after the last wait: the stream registers below without another, so streams asked for at once
    // cannot all pass the count before any of them is registered.
    if (streams.count(session.idHash) >= MAX_STREAMS_PER_SESSION) {
      return c.json(
        errorBody('too_many_requests', {
          message: `a session holds at most ${MAX_STREAMS_PER_SESSION} event streams; close a tab`,
        }),
        429,
        { 'Retry-After': '30' },
      );
    }

    let cursor = start;
    let closed = false;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const cleanups: (() => void)[] = [];
    const close = () => {
      if (closed) return;
      closed = true;
      for (const cleanup of cleanups) cleanup();
      try {
        controller.close();
      } catch {
        // Already closed by the browser.
      }
    };
    const write = (bytes: Uint8Array) => {
      if (closed) return;
      if ((controller.desiredSize ?? 0) < -MAX_QUEUED_WRITES) return close();
      try {
        controller.enqueue(bytes);
      } catch {
        close();
      }
    };
    // Events of one turn of the event loop (a lane of the worker publishes several at once) leave in one write.
    let waiting: Uint8Array[] = [];
    const flush = () => {
      const chunks = waiting;
      waiting = [];
      write(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const writeSoon = (bytes: Uint8Array) => {
      if (closed) return;
      waiting.push(bytes);
      if (waiting.length === 1) setImmediate(flush);
    };
    const deliver = (event: StoredEvent) => {
      if (event.id <= cursor) return;
      cursor = event.id;
      writeSoon(framed(event));
    };

    const body = new ReadableStream<Uint8Array>({
      async start(c) {
        controller = c;
        // The browser waits this long before reconnecting after the stream ends.
        write(RETRY);
        // Listen first and hold live events back until the backlog is out, so none falls between the two.
        const held: StoredEvent[] = [];
        let replaying = true;
        cleanups.push(bus.subscribe(userId, (event) => (replaying ? held.push(event) : deliver(event))));
        cleanups.push(streams.register(session.idHash, { userId, close }));
        const heartbeat = setInterval(() => write(HEARTBEAT), options.heartbeatMs);
        cleanups.push(() => clearInterval(heartbeat));
        try {
          // A session that ended since the request was let in (its signal heard before the stream registered).
          if (!(await options.sessionLive(session.idHash, userId))) return close();
          for (;;) {
            const page = await events.after(userId, cursor, PAGE);
            for (const event of page) deliver(event);
            if (page.length < PAGE || closed) break;
          }
        } catch {
          close();
          return;
        }
        replaying = false;
        for (const event of held) deliver(event);
      },
      cancel() {
        close();
      },
    });

    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies that buffer responses would hold events back.
        'x-accel-buffering': 'no',
      },
    });
  });

  return app;
}
