import type { StoredEvent } from './event-repository.ts';

type Listener = (event: StoredEvent) => void;

/**
 * In-process delivery of events just committed, by user: the open streams of that user get them at once. Streams
 * on other BFF instances find them in `bff_events` instead (docs/notifications-fan-out.md).
 */
export function createEventBus() {
  const byUser = new Map<number, Set<Listener>>();
  return {
    subscribe(userId: number, listener: Listener): () => void {
      let listeners = byUser.get(userId);
      if (!listeners) {
        listeners = new Set();
        byUser.set(userId, listeners);
      }
      listeners.add(listener);
      return () => {
        const current = byUser.get(userId);
        current?.delete(listener);
        if (current?.size === 0) byUser.delete(userId);
      };
    },

    publish(event: StoredEvent): void {
      for (const listener of byUser.get(event.userId) ?? []) {
        try {
          listener(event);
        } catch {
          // One broken stream does not keep the event from the others.
        }
      }
    },

    listeners(userId: number): number {
      return byUser.get(userId)?.size ?? 0;
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
