import { orderSearchParamsSchema } from '@mostrador/contracts';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import type { ApiEnv } from '../http/env.ts';
import { type SearchQuery, searchQuery } from './search-query.ts';

/** What `searchQuery` answered for each request, or the error it threw. */
function probe() {
  const seen: (SearchQuery | ApiError)[] = [];
  const app = new Hono<ApiEnv>().get('/orders/search', (c) => {
    try {
      seen.push(searchQuery(c));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      seen.push(error);
    }
    return c.body(null, 204);
  });
  return { seen, ask: (query: string) => app.request(`/orders/search${query}`) };
}

describe('a search’s parameters, checked once per query string (decision 0215)', () => {
  it('answers what the contract’s schema makes of them, the same object again for the same query string', async () => {
    const { seen, ask } = probe();
    const query = '?seller=100017352&order.status=paid,cancelled&sort=date_desc&limit=50&tags=paid';
    await ask(query);
    await ask(query);
    const [first, second] = seen as SearchQuery[];
    const expected = orderSearchParamsSchema.parse(Object.fromEntries(new URLSearchParams(query)));
    expect(first!.query).toEqual(expected);
    expect(first!.raw).toEqual(Object.fromEntries(new URLSearchParams(query)));
    expect(first!.queryString).toBe(query);
    expect(second).toBe(first);
    // Another query string is checked on its own.
    await ask('?buyer=100023944&sort=date_desc');
    expect((seen[2] as SearchQuery).query).toMatchObject({ side: 'buyer', userId: 100023944, offset: 0 });
  });

  it('shares nothing that can be changed: the parameters and their lists are frozen', async () => {
    const { seen, ask } = probe();
    await ask('?seller=7&order.status=paid&tags=paid,delivered');
    const { raw, query } = seen[0] as SearchQuery;
    expect(() => {
      (query as { limit: number }).limit = 1;
    }).toThrow(TypeError);
    expect(() => (query.tags as string[]).push('x')).toThrow(TypeError);
    expect(() => {
      (raw as Record<string, string>).seller = '8';
    }).toThrow(TypeError);
  });

  it('rejects invalid input every time it is sent, never remembering it', async () => {
    const { seen, ask } = probe();
    for (let n = 0; n < 2; n++) await ask('?seller=7&limit=5000');
    await ask('?seller=7&limit=50');
    expect(seen[0]).toBeInstanceOf(ApiError);
    expect(seen[1]).toBeInstanceOf(ApiError);
    expect((seen[0] as ApiError).status).toBe(400);
    expect((seen[2] as SearchQuery).query.limit).toBe(50);
  });
});
