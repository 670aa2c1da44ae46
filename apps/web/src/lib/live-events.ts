import { LIVE_EVENT_NAMES, type LiveEvent, liveEventSchema, sessionSchema } from '@mostrador/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/** off: nobody signed in; connecting: first connection; live: connected; reconnecting: lost, trying again. */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting';

export interface LiveSnapshot {
  status: LiveStatus;
  /** Events received since this account's stream started. */
  received: number;
  last: LiveEvent | null;
}

export interface LiveEventsOptions {
  url?: string;
  /** The browser's EventSource by default. */
  createSource?: (url: string) => EventSource;
  /** Delay before the n-th reconnect after the server refused the stream (the browser retries drops itself). */
  retryDelayMs?: (attempt: number) => number;
  /**
   * Asked after the server refused the stream: is anyone still signed in? When not (signed out in another tab, the
   * session ended), the stream stops for good instead of knocking again. `GET /bff/session` by default.
   */
  signedIn?: () => Promise<boolean>;
}

async function sessionHasUser(): Promise<boolean> {
  try {
    const res = await fetch('/bff/session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (res.status === 401) return false;
    if (!res.ok) return true;
    const parsed = sessionSchema.safeParse(await res.json());
    return !parsed.success || parsed.data.user !== null;
  } catch {
    // Offline or the server is restarting: keep trying.
    return true;
  }
}

type Listener = (event: LiveEvent) => void;

const CLOSED = 2;

/**
 * The browser's side of `GET /bff/events`: one EventSource for the active account, every message parsed with the
 * contract (anything else is dropped), each event delivered once, and reconnection with a growing delay when the
 * server refuses the stream. On a drop the browser reconnects by itself with `Last-Event-ID`; after a refusal a
 * new connection names the last id with `?after=`, so nothing is missed either way.
 */
export class LiveEvents {
  private readonly url: string;
  private readonly createSource: (url: string) => EventSource;
  private readonly retryDelayMs: (attempt: number) => number;
  private readonly signedIn: () => Promise<boolean>;
  private source: EventSource | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private userId: number | null = null;
  private lastEventId: number | null = null;
  private snapshot: LiveSnapshot = { status: 'off', received: 0, last: null };
  private readonly listeners = new Set<Listener>();
  private readonly watchers = new Set<() => void>();

  constructor(options: LiveEventsOptions = {}) {
    this.url = options.url ?? '/bff/events';
    this.createSource = options.createSource ?? ((url) => new EventSource(url));
    this.retryDelayMs = options.retryDelayMs ?? ((n) => Math.min(30_000, 1_000 * 2 ** Math.min(n, 5)));
    this.signedIn = options.signedIn ?? sessionHasUser;
  }

  /** Streams this account's events from now on; a different account starts afresh. */
  connect(userId: number): void {
    if (this.userId === userId && this.source) return;
    this.disconnect();
    this.userId = userId;
    this.lastEventId = null;
    this.update({ status: 'connecting', received: 0, last: null });
    this.open();
  }

  disconnect(): void {
    clearTimeout(this.timer);
    this.source?.close();
    this.source = null;
    this.userId = null;
    this.attempt = 0;
    if (this.snapshot.status !== 'off') this.update({ ...this.snapshot, status: 'off' });
  }

  /** Calls `listener` with each new event; answers the function that stops it. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  readonly watch = (onChange: () => void): (() => void) => {
    this.watchers.add(onChange);
    return () => this.watchers.delete(onChange);
  };

  readonly getSnapshot = (): LiveSnapshot => this.snapshot;

  private open(): void {
    const url = this.lastEventId === null ? this.url : `${this.url}?after=${this.lastEventId}`;
    const source = this.createSource(url);
    this.source = source;
    source.onopen = () => {
      this.attempt = 0;
      this.update({ ...this.snapshot, status: 'live' });
    };
    source.onerror = () => {
      if (this.source !== source) return;
      if (source.readyState === CLOSED) {
        // Refused (signed out, a server error): the browser gives up. Signed out: so do we; otherwise try again
        // later ourselves.
        source.close();
        this.source = null;
        const userId = this.userId;
        void this.signedIn().then((still) => {
          if (this.userId !== userId || this.source !== null) return;
          if (!still) {
            this.disconnect();
            return;
          }
          this.timer = setTimeout(
            () => {
              if (this.userId !== null) this.open();
            },
            this.retryDelayMs(this.attempt++),
          );
        });
      }
      this.update({ ...this.snapshot, status: 'reconnecting' });
    };
    for (const name of LIVE_EVENT_NAMES) {
      source.addEventListener(name, (message) => this.receive(message as MessageEvent<string>));
    }
  }

  private receive(message: MessageEvent<string>): void {
    const id = Number(message.lastEventId);
    if (!Number.isSafeInteger(id) || (this.lastEventId !== null && id <= this.lastEventId)) return;
    let value: unknown;
    try {
      value = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = liveEventSchema.safeParse(value);
    if (!parsed.success || parsed.data.user_id !== this.userId) return;
    this.lastEventId = id;
    this.update({ status: 'live', received: this.snapshot.received + 1, last: parsed.data });
    for (const listener of this.listeners) listener(parsed.data);
  }

  private update(next: LiveSnapshot): void {
    this.snapshot = next;
    for (const watcher of this.watchers) watcher();
  }
}

/** The app's one connection. */
export const liveEvents = new LiveEvents();

/** The connection's state, re-rendering on each change. */
export function useLiveSnapshot(source: LiveEvents = liveEvents): LiveSnapshot {
  return useSyncExternalStore(source.watch, source.getSnapshot, source.getSnapshot);
}

/** Calls `listener` with each live event while the component is mounted (the latest listener, always). */
export function useLiveEvent(listener: Listener, source: LiveEvents = liveEvents): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => source.subscribe((event) => latest.current(event)), [source]);
}
