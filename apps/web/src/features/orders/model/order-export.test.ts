import { type OrderSearchResult, sellerProceeds } from '@mostrador/contracts';
import { describe, expect, it } from 'vitest';
import { csvRecords } from '../../../lib/csv.ts';
import {
  EXPORT_COLUMNS,
  EXPORT_COLUMNS_WITH_PROCEEDS,
  exportRowWithProceeds,
  readEach,
  walkOrders,
} from './order-export.ts';
import type { OrderListSearch } from './order-search.ts';

/** A list of orders served the way /orders/search pages them: date order, offsets up to 10,000, 51 a page. */
function server(count: number, sameInstantEvery = 3) {
  const orders = Array.from({ length: count }, (_, index) => ({
    id: 1000 + index,
    // Several orders share each instant, as bursts do.
    date_created: new Date(Date.UTC(2026, 0, 1) + Math.floor(index / sameInstantEvery) * 1000).toISOString(),
  }));
  const calls: Partial<OrderListSearch>[] = [];
  const fetchPage = async (overrides: Partial<OrderListSearch>) => {
    calls.push(overrides);
    const offset = Number(overrides.offset);
    const limit = Number(overrides.limit);
    if (offset > 10_000 || limit > 51) throw new Error('refused');
    const descending = overrides.sort === 'date_desc';
    const from = overrides['order.date_created.from'];
    const to = overrides['order.date_created.to'];
    const matching = orders
      .filter(
        (o) =>
          (!from || Date.parse(o.date_created) >= Date.parse(from)) &&
          (!to || Date.parse(o.date_created) <= Date.parse(to)),
      )
      .sort(
        (a, b) =>
          (descending ? -1 : 1) * (Date.parse(a.date_created) - Date.parse(b.date_created) || a.id - b.id),
      );
    return {
      results: matching.slice(offset, offset + limit) as unknown as OrderSearchResult[],
      total: matching.length,
    };
  };
  return { fetchPage, calls };
}

async function collect(search: OrderListSearch, count: number) {
  const { fetchPage, calls } = server(count);
  const ids: number[] = [];
  const progress: [number, number][] = [];
  for await (const page of walkOrders(search, fetchPage)) {
    ids.push(...page.results.map((order) => order.id));
    progress.push([page.done, page.total]);
  }
  return { ids, progress, calls };
}

describe('walkOrders', () => {
  it('reads every page of 51 once, with progress against the total', async () => {
    const { ids, progress, calls } = await collect({ sort: 'date_asc' }, 120);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    expect(calls.map((c) => [c.offset, c.limit])).toEqual([
      ['0', '51'],
      ['51', '51'],
      ['102', '51'],
    ]);
    expect(progress).toEqual([
      [51, 120],
      [102, 120],
      [120, 120],
    ]);
  });

  it('goes past the 10,000 offset limit by restarting from the last date, without duplicates or gaps', async () => {
    const { ids, calls } = await collect({ sort: 'date_asc' }, 10_500);
    expect(ids).toHaveLength(10_500);
    expect(new Set(ids).size).toBe(10_500);
    expect(Math.max(...calls.map((c) => Number(c.offset)))).toBeLessThanOrEqual(10_000);
    expect(calls.some((c) => c['order.date_created.from'])).toBe(true);
  });

  it('does the same newest first', async () => {
    const { ids, calls } = await collect({}, 10_300);
    expect(new Set(ids).size).toBe(10_300);
    expect(ids[0]).toBe(1000 + 10_299);
    expect(calls.some((c) => c['order.date_created.to'])).toBe(true);
  });

  it('stops when asked to', async () => {
    const { fetchPage } = server(500);
    const controller = new AbortController();
    const pages = walkOrders({}, fetchPage, controller.signal);
    await pages.next();
    controller.abort();
    await expect(pages.next()).rejects.toThrow();
  });
});

describe('the seller_receives column', () => {
  const order = {
    id: 2000008000000101,
    status: 'paid',
    date_created: '2026-11-18T06:40:00.000-06:00',
    date_closed: '2026-11-18T06:41:00.000-06:00',
    date_last_updated: '2026-11-20T06:42:00.000-06:00',
    buyer: { id: 2, nickname: 'COMPRADOR_POLANCO' },
    seller: { id: 1 },
    order_items: [
      { item: { id: 'MLM1', title: 'Perfume' }, quantity: 1, sale_fee: 116.87, currency_id: 'MXN' },
    ],
    currency_id: 'MXN',
    total_amount: 899,
    paid_amount: 899,
    shipping_cost: 0,
    taxes: { amount: null },
    coupon: { id: null, amount: 0 },
    shipping: { id: 44000000101 },
    payments: [{ status: 'approved', transaction_amount: 899 }],
    cancel_detail: null,
    tags: ['paid'],
    pack_id: null,
  } as unknown as OrderSearchResult;

  it('comes last, after the order’s own columns, with the figure as a plain number', async () => {
    expect(EXPORT_COLUMNS_WITH_PROCEEDS).toEqual([...EXPORT_COLUMNS, 'seller_receives']);
    // Free shipping of 149.00: 899.00 − 116.87 − 149.00 = 633.13
    const proceeds = sellerProceeds(order, [], { lead_time: { cost: 0, list_cost: 149 } });
    const row = exportRowWithProceeds(order, proceeds);
    expect(row).toHaveLength(EXPORT_COLUMNS_WITH_PROCEEDS.length);
    expect(row.at(-1)).toBe(633.13);
    expect(row[EXPORT_COLUMNS.indexOf('total_amount')]).toBe(899);
    expect(await csvRecords([row])).toMatch(/,633\.13\r\n$/);
    // Not the account's sale (the buyer's side): left empty.
    expect(await csvRecords([exportRowWithProceeds(order, null)])).toMatch(/,\r\n$/);
  });

  it('reads a few orders at a time and keeps their order', async () => {
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const reading = readEach([1, 2, 3, 4, 5, 6], 4, async (value) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running -= 1;
      return value * 10;
    });
    // Let the readers go one by one, from the last started, until all six are done.
    while (gates.length > 0 || running > 0) {
      await Promise.resolve();
      gates.pop()?.();
    }
    expect(await reading).toEqual([10, 20, 30, 40, 50, 60]);
    expect(most).toBe(4);
  });
});
