import type { OrderSearchResult } from '@mostrador/contracts';
import { describe, expect, it } from 'vitest';
import {
  pageState,
  parseSelection,
  SELECTION_MAX,
  selectedBuyers,
  selectionNeighbours,
  selectPage,
  selectRange,
  toggleOrder,
} from './order-selection.ts';

const order = (id: number, buyer = id * 10) =>
  ({ id, buyer: { id: buyer, nickname: `B${buyer}` } }) as unknown as OrderSearchResult;
const rows = [order(1), order(2), order(3, 10), order(4), order(5)];
const ids = (selection: ReadonlyMap<number, unknown>) => [...selection.keys()];

describe('order selection', () => {
  it('toggles one order, keeping the order picked', () => {
    let selection = toggleOrder(new Map(), rows[2]!);
    selection = toggleOrder(selection, rows[0]!);
    expect(ids(selection)).toEqual([3, 1]);
    expect(ids(toggleOrder(selection, rows[2]!))).toEqual([1]);
  });

  it('selects and clears a range in either direction, and a whole page', () => {
    expect(ids(selectRange(new Map(), rows, 1, 3, true))).toEqual([2, 3, 4]);
    expect(ids(selectRange(new Map(), rows, 3, 1, true))).toEqual([2, 3, 4]);
    const all = selectPage(new Map(), rows, true);
    expect(pageState(all, rows)).toBe('all');
    const some = selectRange(all, rows, 4, 2, false);
    expect(ids(some)).toEqual([1, 2]);
    expect(pageState(some, rows)).toBe('some');
    expect(pageState(selectPage(some, rows, false), rows)).toBe('none');
  });

  it('lists each buyer once', () => {
    const selection = selectPage(new Map(), rows, true);
    expect(selectedBuyers(selection).map((b) => b.id)).toEqual([10, 20, 40, 50]);
  });

  it('reads the selection from the address, refusing anything but ids', () => {
    expect(parseSelection('5,3,5,9')).toEqual([5, 3, 9]);
    expect(parseSelection('5,x')).toEqual([]);
    expect(parseSelection('0,1')).toEqual([]);
    expect(parseSelection(undefined)).toEqual([]);
    const many = Array.from({ length: SELECTION_MAX + 5 }, (_, i) => i + 1).join(',');
    expect(parseSelection(many)).toHaveLength(SELECTION_MAX);
  });

  it('steps through the selection', () => {
    expect(selectionNeighbours([5, 3, 9], 3)).toEqual({ previous: 5, next: 9, position: 2, total: 3 });
    expect(selectionNeighbours([5, 3, 9], 5)).toMatchObject({ previous: null, next: 3 });
    expect(selectionNeighbours([5, 3, 9], 9)).toMatchObject({ next: null });
    expect(selectionNeighbours([5, 3, 9], 7)).toBeNull();
  });
});
