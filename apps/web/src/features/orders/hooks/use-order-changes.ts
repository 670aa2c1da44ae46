import { useCallback, useEffect, useRef, useState } from 'react';

/** An order of the signed-in account changed (a notification arrived and the order was read again). */
export interface OrderChange {
  orderId: number;
  /** The order's last_updated after the change, when the source knows it. */
  lastUpdated?: string;
}

/** Any source of order changes (the live event stream): calls `listener` per change, returns an unsubscribe. */
export type SubscribeOrderChanges = (listener: (change: OrderChange) => void) => () => void;

export interface PendingChanges {
  /** Orders on screen that changed since the list was loaded. */
  updated: number;
  /** Orders not on screen that changed: new orders, or orders that may now match. */
  fresh: number;
  /** Forget what was counted (after a refresh). */
  reset: () => void;
}

/**
 * Counts order changes against the orders on screen, for the "N updated / N new" banner. A change to an order
 * already counted counts once; a change that is not newer than the row shown (the list already has it) is ignored.
 */
export function useOrderChanges(
  subscribe: SubscribeOrderChanges | undefined,
  visible: ReadonlyMap<number, string>,
): PendingChanges {
  const [updated, setUpdated] = useState<ReadonlySet<number>>(new Set());
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const visibleRef = useRef(visible);
  visibleRef.current = visible;

  useEffect(() => {
    if (!subscribe) return;
    return subscribe((change) => {
      const shown = visibleRef.current.get(change.orderId);
      if (shown !== undefined) {
        if (change.lastUpdated && Date.parse(change.lastUpdated) <= Date.parse(shown)) return;
        setUpdated((current) =>
          current.has(change.orderId) ? current : new Set(current).add(change.orderId),
        );
      } else {
        setFresh((current) => (current.has(change.orderId) ? current : new Set(current).add(change.orderId)));
      }
    });
  }, [subscribe]);

  // A new list on screen (a refresh, another page or filter) is the baseline again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `visible` changing is the trigger
  useEffect(() => {
    setUpdated(new Set());
    setFresh(new Set());
  }, [visible]);

  const reset = useCallback(() => {
    setUpdated(new Set());
    setFresh(new Set());
  }, []);

  return { updated: updated.size, fresh: fresh.size, reset };
}

/** An `order_changed` event of `GET /bff/events` (packages/contracts/src/events.ts) as an order change. */
export function orderChangeFromEvent(event: { order: { id: number; last_updated: string } }): OrderChange {
  return { orderId: event.order.id, lastUpdated: event.order.last_updated };
}
