import {
  ORDER_SEARCH_MAX_LIMIT,
  ORDER_SEARCH_MAX_OFFSET,
  type OrderSearchResult,
  type SellerProceeds,
} from '@mostrador/contracts';
import type { CsvValue } from '../../../lib/csv.ts';
import type { OrderListSearch } from './order-search.ts';

export interface ExportPage {
  results: OrderSearchResult[];
  total: number;
}

/** Fetches one page of the export's search with the given overrides (offset, limit, date bounds). */
export type FetchExportPage = (
  overrides: Partial<OrderListSearch>,
  signal?: AbortSignal,
) => Promise<ExportPage>;

/**
 * Every order of a filter, page by page (51 a page, the API's most), in the filter's date order. The API refuses
 * offsets past 10,000, so when the next page would pass it the walk restarts from the last creation date seen
 * (`order.date_created.from` going up, `.to` going down), skipping the orders at that instant already written.
 * Yields each page with the running count and the total the first page announced.
 */
export async function* walkOrders(
  search: OrderListSearch,
  fetchPage: FetchExportPage,
  signal?: AbortSignal,
): AsyncGenerator<{ results: OrderSearchResult[]; done: number; total: number }> {
  const descending = (search.sort ?? 'date_desc') === 'date_desc';
  const limit = ORDER_SEARCH_MAX_LIMIT;
  const boundKey = descending ? 'order.date_created.to' : 'order.date_created.from';
  let bound: string | undefined = search[boundKey];
  let offset = 0;
  let total: number | undefined;
  let done = 0;
  // Ids already written at the latest instant seen: a restart from that instant returns them again.
  let edgeInstant: number | undefined;
  let edgeIds = new Set<number>();
  for (;;) {
    signal?.throwIfAborted();
    const page = await fetchPage(
      {
        sort: descending ? 'date_desc' : 'date_asc',
        offset: String(offset),
        limit: String(limit),
        ...(bound ? { [boundKey]: bound } : {}),
      },
      signal,
    );
    total ??= page.total;
    const fresh = page.results.filter((order) => !edgeIds.has(order.id));
    for (const order of fresh) {
      const instant = Date.parse(order.date_created);
      if (instant !== edgeInstant) {
        edgeInstant = instant;
        edgeIds = new Set();
      }
      edgeIds.add(order.id);
    }
    done += fresh.length;
    if (fresh.length > 0) yield { results: fresh, done, total };
    if (page.results.length < limit) return;
    if (offset + 2 * limit > ORDER_SEARCH_MAX_OFFSET + limit) {
      const last = page.results.at(-1);
      if (!last) return;
      if (fresh.length === 0) return; // a whole page at one instant: nothing new can be reached this way
      bound = last.date_created;
      offset = 0;
    } else {
      offset += limit;
    }
  }
}

export const EXPORT_COLUMNS = [
  'order_id',
  'status',
  'date_created',
  'date_closed',
  'last_updated',
  'buyer_id',
  'buyer_nickname',
  'seller_id',
  'items',
  'quantity',
  'currency_id',
  'total_amount',
  'paid_amount',
  'taxes_amount',
  'coupon_amount',
  'shipping_id',
  'tags',
  'pack_id',
] as const;

/** One order as a CSV record, in `EXPORT_COLUMNS` order; amounts stay numbers in the order's currency. */
export function exportRow(order: OrderSearchResult): CsvValue[] {
  return [
    order.id,
    order.status,
    order.date_created,
    order.date_closed,
    order.date_last_updated,
    order.buyer.id,
    order.buyer.nickname,
    order.seller.id,
    order.order_items.map((item) => `${item.item.id} ${item.item.title}`).join(' | '),
    order.order_items.reduce((sum, item) => sum + item.quantity, 0),
    order.currency_id,
    order.total_amount,
    order.paid_amount,
    order.taxes.amount,
    order.coupon.amount,
    order.shipping.id,
    order.tags.join(' '),
    order.pack_id,
  ];
}

/** The export's columns with what the seller receives (decision 0280) after the order's own. */
export const EXPORT_COLUMNS_WITH_PROCEEDS = [...EXPORT_COLUMNS, 'seller_receives'] as const;

/** One order as a CSV record with what the seller receives from it (empty where it is not the account's sale). */
export function exportRowWithProceeds(order: OrderSearchResult, proceeds: SellerProceeds | null): CsvValue[] {
  return [...exportRow(order), proceeds?.receives ?? null];
}

/** `read` over every value, at most `limit` at a time, the results in the values' order. */
export async function readEach<T, R>(
  values: readonly T[],
  limit: number,
  read: (value: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(values.length);
  let next = 0;
  const worker = async () => {
    while (next < values.length) {
      const index = next++;
      results[index] = await read(values[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, worker));
  return results;
}
