/** Anything the BFF pushes events through (an SSE response): closing it ends the browser's stream. */
export interface EventStream {
  /** The account whose events it carries: the session's active account when it opened. */
  readonly userId: number;
  close(): void;
}

/** What the registry needs of the event signal that joins the instances (`event-signal.ts`). */
export interface SessionEndSignal {
  readonly origin: string;
  endSession(sessionKey: string): Promise<void>;
  subscribe(listener: { sessionEnded?(sessionKey: string, origin: string): void; gap?(): void }): () => void;
}

/** Whether a session still stands and still has `userId` as its active account. */
export type SessionCheck = (sessionKey: string, userId: number) => Promise<boolean>;

/**
 * Open event streams by session. Logout, a new session id at sign-in, a switch of account and session expiry close
 * the streams of the session that ended, on every instance of the store (decision 0250): here at once, and on the
 * others by the event signal. So no stream outlives the session that authorised it. `/bff/events` registers here.
 */
export function createStreamRegistry(
  options: {
    /** How the instances on one store tell each other (`event-signal.ts`); this instance alone without it. */
    signal?: SessionEndSignal;
    onError?: (error: unknown) => void;
  } = {},
) {
  const bySession = new Map<string, Set<EventStream>>();
  const { signal } = options;

  function close(streams: Iterable<EventStream>): number {
    let closed = 0;
    for (const stream of streams) {
      closed++;
      try {
        stream.close();
      } catch {
        // A stream that fails to close is already gone for the browser.
      }
    }
    return closed;
  }

  /** Closes the session's streams open on this instance. */
  function closeHere(sessionKey: string): number {
    const streams = bySession.get(sessionKey);
    if (!streams) return 0;
    bySession.delete(sessionKey);
    return close(streams);
  }

  /** Closes the streams whose session ended, or moved to another account, while signals may have been missed. */
  async function checkAll(check: SessionCheck): Promise<void> {
    for (const [sessionKey, streams] of [...bySession]) {
      for (const stream of [...streams]) {
        if (await check(sessionKey, stream.userId)) continue;
        streams.delete(stream);
        close([stream]);
      }
      if (streams.size === 0 && bySession.get(sessionKey) === streams) bySession.delete(sessionKey);
    }
  }

  return {
    /** Adds a stream of a session; the returned function removes it (call it when the stream ends by itself). */
    register(sessionKey: string, stream: EventStream): () => void {
      let streams = bySession.get(sessionKey);
      if (!streams) {
        streams = new Set();
        bySession.set(sessionKey, streams);
      }
      streams.add(stream);
      return () => {
        const current = bySession.get(sessionKey);
        current?.delete(stream);
        if (current?.size === 0) bySession.delete(sessionKey);
      };
    },

    /**
     * Closes every stream of a session, on this instance and on the others; call it once the session's change is
     * committed. Settles when the other instances have been told (a failure to tell them goes to `onError`).
     */
    async closeSession(sessionKey: string): Promise<void> {
      closeHere(sessionKey);
      await signal?.endSession(sessionKey).catch((error) => options.onError?.(error));
    },

    /**
     * Closes the streams of sessions that end on other instances, from now until the returned function is called.
     * After a loss of the signal's connection, every open stream is checked against its session instead.
     */
    follow(check: SessionCheck): () => void {
      if (!signal) return () => {};
      return signal.subscribe({
        sessionEnded(sessionKey, origin) {
          if (origin !== signal.origin) closeHere(sessionKey);
        },
        gap() {
          checkAll(check).catch((error) => options.onError?.(error));
        },
      });
    },

    /** Closes every stream here (shutdown): browsers reconnect elsewhere and resume from their last event. */
    closeAll(): number {
      const all = [...bySession.values()];
      bySession.clear();
      return close(all.flatMap((set) => [...set]));
    },

    count(sessionKey: string): number {
      return bySession.get(sessionKey)?.size ?? 0;
    },
  };
}

export type StreamRegistry = ReturnType<typeof createStreamRegistry>;
