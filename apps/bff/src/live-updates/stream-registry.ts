/** Anything the BFF pushes events through (an SSE response): closing it ends the browser's stream. */
export interface EventStream {
  close(): void;
}

/**
 * Open event streams by session. Logout, a new session id at sign-in and session expiry close the streams of the
 * session that ended, so no stream outlives the session that authorised it. `/bff/events` registers here.
 */
export function createStreamRegistry() {
  const bySession = new Map<string, Set<EventStream>>();
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

    /** Closes every stream of a session; returns how many there were. */
    closeSession(sessionKey: string): number {
      const streams = bySession.get(sessionKey);
      if (!streams) return 0;
      bySession.delete(sessionKey);
      for (const stream of streams) {
        try {
          stream.close();
        } catch {
          // A stream that fails to close is already gone for the browser.
        }
      }
      return streams.size;
    },

    /** Closes every stream (shutdown): browsers reconnect elsewhere and resume from their last event. */
    closeAll(): number {
      const all = [...bySession.values()];
      bySession.clear();
      let closed = 0;
      for (const stream of all.flatMap((set) => [...set])) {
        closed++;
        try {
          stream.close();
        } catch {
          // Already gone.
        }
      }
      return closed;
    },

    count(sessionKey: string): number {
      return bySession.get(sessionKey)?.size ?? 0;
    },
  };
}

export type StreamRegistry = ReturnType<typeof createStreamRegistry>;
