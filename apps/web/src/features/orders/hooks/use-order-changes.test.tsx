// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type OrderChange, orderChangeFromEvent, useOrderChanges } from './use-order-changes.ts';

afterEach(cleanup);

/** A source of changes the test pushes into, as the live event stream would. */
function source() {
  const listeners = new Set<(change: OrderChange) => void>();
  return {
    subscribe: (listener: (change: OrderChange) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push: (change: OrderChange) =>
      act(() => {
        for (const listener of listeners) listener(change);
      }),
    size: () => listeners.size,
  };
}

const shown = new Map([
  [2000008078746770, '2026-11-16T09:36:36.864-03:00'],
  [2000008078422608, '2026-11-15T06:19:00.000-03:00'],
]);

describe('useOrderChanges', () => {
  it('counts orders on screen as updated and others as new, each once', () => {
    const changes = source();
    const { result } = renderHook(() => useOrderChanges(changes.subscribe, shown));
    changes.push({ orderId: 2000008078746770, lastUpdated: '2026-11-21T10:00:00.000-03:00' });
    changes.push({ orderId: 2000008078746770, lastUpdated: '2026-11-21T10:05:00.000-03:00' });
    changes.push({ orderId: 2000008099999999 });
    expect(result.current).toMatchObject({ updated: 1, fresh: 1 });
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ updated: 0, fresh: 0 });
  });

  it('ignores a change the row on screen already shows', () => {
    const changes = source();
    const { result } = renderHook(() => useOrderChanges(changes.subscribe, shown));
    changes.push({ orderId: 2000008078422608, lastUpdated: '2026-11-15T06:19:00.000-03:00' });
    expect(result.current.updated).toBe(0);
  });

  it('starts again from a new list and unsubscribes on unmount', () => {
    const changes = source();
    const { result, rerender, unmount } = renderHook(
      ({ visible }) => useOrderChanges(changes.subscribe, visible),
      {
        initialProps: { visible: shown },
      },
    );
    changes.push({ orderId: 1 });
    expect(result.current.fresh).toBe(1);
    rerender({ visible: new Map(shown) });
    expect(result.current.fresh).toBe(0);
    unmount();
    expect(changes.size()).toBe(0);
  });

  it('reads an order_changed event', () => {
    expect(orderChangeFromEvent({ order: { id: 5, last_updated: '2026-11-21T10:00:00.000-03:00' } })).toEqual(
      {
        orderId: 5,
        lastUpdated: '2026-11-21T10:00:00.000-03:00',
      },
    );
  });
});
