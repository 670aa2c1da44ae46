import type { OrderSearchResult } from '@mostrador/contracts';
import { describe, expect, it } from 'vitest';
import { walkOrders } from './order-export.ts';
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
