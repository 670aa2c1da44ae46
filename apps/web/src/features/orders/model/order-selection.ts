import type { OrderSearchResult } from '@mostrador/contracts';

/** The orders picked in the list, by id, in the order they were picked; kept across the list's pages. */
export type OrderSelection = ReadonlyMap<number, OrderSearchResult>;

export { parseSelection, SELECTION_MAX } from './order-list-address.ts';

export function toggleOrder(selection: OrderSelection, order: OrderSearchResult): OrderSelection {
  const next = new Map(selection);
  if (next.has(order.id)) next.delete(order.id);
  else next.set(order.id, order);
  return next;
}

/**
 * Shift-click: every row between the one last clicked and this one (both included) takes the state the clicked
 * row takes, as in a mail client.
 */
export function selectRange(
  selection: OrderSelection,
  rows: readonly OrderSearchResult[],
  from: number,
  to: number,
  selected: boolean,
): OrderSelection {
  const next = new Map(selection);
  const [start, end] = from <= to ? [from, to] : [to, from];
  for (const order of rows.slice(Math.max(0, start), end + 1)) {
    if (selected) next.set(order.id, order);
    else next.delete(order.id);
  }
  return next;
}

/** The header checkbox: the whole page in, or the whole page out. */
export function selectPage(
  selection: OrderSelection,
  rows: readonly OrderSearchResult[],
  selected: boolean,
): OrderSelection {
  return selectRange(selection, rows, 0, rows.length - 1, selected);
}

export function pageState(
  selection: OrderSelection,
  rows: readonly OrderSearchResult[],
): 'none' | 'some' | 'all' {
  const picked = rows.filter((order) => selection.has(order.id)).length;
  return picked === 0 ? 'none' : picked === rows.length ? 'all' : 'some';
}

/** The buyers of the selected sales, each once, in the order first met. */
export function selectedBuyers(selection: OrderSelection): { id: number; nickname: string }[] {
  const buyers = new Map<number, { id: number; nickname: string }>();
  for (const order of selection.values()) {
    if (!buyers.has(order.buyer.id))
      buyers.set(order.buyer.id, {
        id: order.buyer.id,
        nickname: order.buyer.nickname ?? String(order.buyer.id),
      });
  }
  return [...buyers.values()];
}

/** The previous and next order of the selection around `orderId`, and its place in it (1-based); null outside. */
export function selectionNeighbours(
  ids: readonly number[],
  orderId: number,
): { previous: number | null; next: number | null; position: number; total: number } | null {
  const index = ids.indexOf(orderId);
  if (index < 0) return null;
  return {
    previous: index > 0 ? ids[index - 1]! : null,
    next: index + 1 < ids.length ? ids[index + 1]! : null,
    position: index + 1,
    total: ids.length,
  };
}
