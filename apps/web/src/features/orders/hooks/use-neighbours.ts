import type { OrderSearchEnvelope } from '@mostrador/contracts';
import { useMemo } from 'react';
import { translate } from '../../../lib/i18n/i18n.ts';
import { DEFAULT_LIMIT, type OrderListSearch } from '../model/order-search.ts';

/** The orders before and after this one in the list it was opened from, and where it stands in that list. */
export interface Neighbours {
  previous: (() => void) | null;
  next: (() => void) | null;
  position: string | null;
}

export interface NeighbourOptions {
  orderId: number;
  search: OrderListSearch;
  /** The current page of the list the order was opened from. */
  list: OrderSearchEnvelope | undefined;
  fetchPage: (search: OrderListSearch) => Promise<OrderSearchEnvelope>;
  open: (orderId: number, search: OrderListSearch) => void;
}

/**
 * Previous and next order of the list the detail was opened from. At the edge of a page the adjacent page is
 * read and the URL's offset follows, so "back to the list" lands on the page that holds the order.
 */
export function useNeighbours({ orderId, search, list, fetchPage, open }: NeighbourOptions): Neighbours {
  return useMemo(() => {
    const results = list?.results ?? [];
    const index = results.findIndex((order) => order.id === orderId);
    if (!list || index < 0) return { previous: null, next: null, position: null };
    const offset = list.paging.offset;
    const limit = Number(search.limit ?? DEFAULT_LIMIT);
    const absolute = offset + index;
    const withOffset = (value: number): OrderListSearch => {
      const { offset: _drop, ...rest } = search;
      return value > 0 ? { ...rest, offset: String(value) } : rest;
    };
    const jump = async (target: number) => {
      const pageOffset = Math.floor(target / limit) * limit;
      const page = await fetchPage(withOffset(pageOffset));
      const order = page.results[target - pageOffset];
      if (order) open(order.id, withOffset(pageOffset));
    };
    const previous =
      absolute > 0
        ? index > 0
          ? () => open(results[index - 1]!.id, search)
          : () => void jump(absolute - 1)
        : null;
    const next =
      absolute + 1 < list.paging.total
        ? index + 1 < results.length
          ? () => open(results[index + 1]!.id, search)
          : () => void jump(absolute + 1)
        : null;
    return {
      previous,
      next,
      position: translate('orders.useNeighbours.position', {
        position: absolute + 1,
        total: list.paging.total,
      }),
    };
  }, [orderId, search, list, fetchPage, open]);
}
