import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type ChannelListener, listenChannel } from '@mostrador/server-kit/store';
import { sql } from 'kysely';
import type { BffStore } from '../db/migrate.ts';
import type { EventBus } from './event-bus.ts';
import type { EventRepository } from './event-repository.ts';

/** A new event of a user, committed by some BFF instance. */
export interface EventSignalMessage {
  userId: number;
  eventId: number;
  /** The instance that published it. */
  origin: string;
}

/** What a subscriber hears: each part is optional. */
export interface SignalListener {
  /** A new event, on any instance (this one's included). */
  event?(message: EventSignalMessage): void;
  /** A session ended on some instance (`origin`): its event streams close everywhere (decision 0250). */
  sessionEnded?(sessionKey: string, origin: string): void;
  /**
   * The listening connection was lost and regained: signals may have been missed, so readers catch up from what
   * they last saw, and open streams are checked against their sessions.
   */
  gap?(): void;
}

/**
 * Tells every BFF instance on the store that a user has a new event (decision 0082), or that a session ended
 * (decision 0250). On SQLite, instances are in one process and an in-process emitter per store does it; on
 * PostgreSQL, `NOTIFY` on one channel, heard by a `LISTEN` connection in each instance. Signals carry ids only: the
 * event itself is read from `bff_events`, the session from `bff_sessions`.
 */
export interface EventSignal {
  /** This instance's name in the signals it sends. */
  readonly origin: string;
  /** Call after the event's transaction committed. */
  notify(userId: number, eventId: number): Promise<void>;
  /** Call after the session's end (or change of active account) committed. */
  endSession(sessionKey: string): Promise<void>;
  /** Signals of every instance, this one's included; the returned function stops them. */
  subscribe(listener: SignalListener): () => void;
  /** Settles once signals sent from now on are heard here (PostgreSQL: the LISTEN is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const EVENT_CHANNEL = 'mostrador_bff_events';
const emitters = new WeakMap<object, EventEmitter>();

export function createEventSignal(
  store: Pick<BffStore, 'db' | 'dialect' | 'url'>,
  options: { onError?: (error: unknown) => void; reconnectMs?: number } = {},
): EventSignal {
  const origin = randomBytes(6).toString('hex');
  if (store.dialect === 'postgres' && store.url) return postgresSignal(store, store.url, origin, options);
  let emitter = emitters.get(store.db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    emitters.set(store.db, emitter);
  }
  const shared = emitter;
  return {
    origin,
    async notify(userId, eventId) {
      shared.emit('event', { userId, eventId, origin } satisfies EventSignalMessage);
    },
    async endSession(sessionKey) {
      shared.emit('session-ended', sessionKey, origin);
    },
    subscribe(listener) {
      const onEvent = (message: EventSignalMessage) => listener.event?.(message);
      const onEnded = (sessionKey: string, from: string) => listener.sessionEnded?.(sessionKey, from);
      shared.on('event', onEvent);
      shared.on('session-ended', onEnded);
      return () => {
        shared.off('event', onEvent);
        shared.off('session-ended', onEnded);
      };
    },
    async ready() {},
    async close() {},
  };
}

/** A session's key: the SHA-256 of its cookie, in hex. */
const SESSION_KEY = /^[0-9a-f]{64}$/;

function postgresSignal(
  store: Pick<BffStore, 'db'>,
  url: string,
  origin: string,
  options: { onError?: (error: unknown) => void; reconnectMs?: number },
): EventSignal {
  const listeners = new Set<SignalListener>();
  let channel: ChannelListener | undefined;
  let closed = false;

  // Two kinds of payload on one channel: `{u, e, o}` an event, `{s, o}` a session that ended.
  function onNotify(payload: string) {
    let parsed: { u?: unknown; e?: unknown; s?: unknown; o?: unknown };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof parsed?.o !== 'string') return;
    const origin = parsed.o;
    if (typeof parsed.s === 'string' && SESSION_KEY.test(parsed.s)) {
      const sessionKey = parsed.s;
      for (const l of listeners) l.sessionEnded?.(sessionKey, origin);
      return;
    }
    if (!Number.isSafeInteger(parsed.u) || !Number.isSafeInteger(parsed.e)) return;
    const message = { userId: parsed.u as number, eventId: parsed.e as number, origin };
    for (const l of listeners) l.event?.(message);
  }

  function stopListening() {
    const c = channel;
    channel = undefined;
    return c?.close() ?? Promise.resolve();
  }

  return {
    origin,
    async notify(userId, eventId) {
      const payload = JSON.stringify({ u: userId, e: eventId, o: origin });
      await sql`select pg_notify(${EVENT_CHANNEL}, ${payload})`.execute(store.db);
    },
    async endSession(sessionKey) {
      const payload = JSON.stringify({ s: sessionKey, o: origin });
      await sql`select pg_notify(${EVENT_CHANNEL}, ${payload})`.execute(store.db);
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!closed && !channel) {
        channel = listenChannel(url, EVENT_CHANNEL, {
          applicationName: 'mostrador-bff-events',
          onNotify,
          // Whatever was signalled while no connection listened is found by reading the tables again.
          onGap: () => {
            for (const l of listeners) l.gap?.();
          },
          ...(options.onError ? { onError: options.onError } : {}),
          ...(options.reconnectMs !== undefined ? { reconnectMs: options.reconnectMs } : {}),
        });
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) void stopListening();
      };
    },
    async ready() {
      await channel?.ready();
    },
    async close() {
      closed = true;
      listeners.clear();
      await stopListening();
    },
  };
}

/**
 * Joins a BFF instance's event bus to the other instances': events this instance publishes are signalled to all,
 * and events another instance published are read from `bff_events` and published here, to the streams of their
 * user that are open on this instance. Streams drop ids they already sent, so a repeat does no harm.
 */
export function relayEvents(deps: {
  bus: EventBus;
  events: Pick<EventRepository, 'after'>;
  signal: EventSignal;
  onError?: (error: unknown) => void;
}) {
  const { bus, events, signal } = deps;
  /** The newest event id seen per user with open streams here: where to catch up from after a gap. */
  const seen = new Map<number, number>();
  const reading = new Map<number, Promise<void>>();

  async function catchUp(userId: number, fromId: number): Promise<void> {
    // One read per user at a time; a signal during it is covered by reading again after.
    const previous = reading.get(userId) ?? Promise.resolve();
    const next = previous.then(async () => {
      if (bus.listeners(userId) === 0) {
        seen.delete(userId);
        return;
      }
      let after = Math.min(fromId - 1, seen.get(userId) ?? fromId - 1);
      for (;;) {
        const page = await events.after(userId, after, 200);
        for (const event of page) {
          after = Math.max(after, event.id);
          bus.publish(event);
        }
        if (page.length < 200) break;
      }
      seen.set(userId, Math.max(seen.get(userId) ?? 0, after));
    });
    const tracked = next.catch((error) => deps.onError?.(error));
    reading.set(userId, tracked);
    await tracked;
    if (reading.get(userId) === tracked) reading.delete(userId);
  }

  const unsubscribe = signal.subscribe({
    event(message) {
      if (message.origin === signal.origin) return;
      void catchUp(message.userId, message.eventId);
    },
    gap() {
      for (const [userId, last] of seen) void catchUp(userId, last + 1);
    },
  });

  return {
    /** Publishes an event committed here: to this instance's streams at once, and to the others by signal. */
    publish(event: Parameters<EventBus['publish']>[0]): void {
      bus.publish(event);
      if (bus.listeners(event.userId) > 0)
        seen.set(event.userId, Math.max(seen.get(event.userId) ?? 0, event.id));
      signal.notify(event.userId, event.id).catch((error) => deps.onError?.(error));
    },
    stop(): void {
      unsubscribe();
    },
  };
}
