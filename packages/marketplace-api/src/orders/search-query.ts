import { orderSearchParamsSchema } from '@mostrador/contracts';
import type { Context } from 'hono';
import type { ApiEnv } from '../http/env.ts';
import { invalidQuery } from '../http/query.ts';
import type { OrderQuery } from './order-repository.ts';

/** A search's parameters as sent (`raw`), and as checked (`query`); both frozen, since they are shared. */
export interface SearchQuery {
  raw: Readonly<Record<string, string>>;
  query: Readonly<OrderQuery>;
  /** The URL's query string from its `?`: the search page cache's key. */
  queryString: string;
}

/** Query strings remembered at most, and the longest one remembered: past them the memory starts again. */
const REMEMBERED = 1024;
const LONGEST = 2048;

const remembered = new Map<string, SearchQuery>();

function frozen<T extends object>(value: T): T {
  for (const member of Object.values(value)) {
    if (typeof member === 'object' && member !== null) frozen(member);
  }
  return Object.freeze(value);
}

/**
 * The parameters of `GET /orders/search`, checked by the contract's schema (decision 0215). The check depends on
 * nothing but the query string, so a query string checked before (a page refreshed, the dashboard's list asked
 * again after a change) takes its outcome from here: checking thirty parameters with zod was about a tenth of a
 * search page's CPU through `npm start`. Only what passed is remembered; invalid input is checked, and rejected,
 * each time.
 */
export function searchQuery(c: Context<ApiEnv>): SearchQuery {
  const url = c.req.url;
  const at = url.indexOf('?');
  const queryString = at < 0 ? '' : url.slice(at);
  const known = queryString.length <= LONGEST ? remembered.get(queryString) : undefined;
  if (known) return known;
  const raw = c.req.query();
  const parsed = orderSearchParamsSchema.safeParse(raw);
  if (!parsed.success) throw invalidQuery(parsed.error);
  const found: SearchQuery = frozen({ raw, query: parsed.data as OrderQuery, queryString });
  if (queryString.length <= LONGEST) {
    if (remembered.size >= REMEMBERED) remembered.clear();
    remembered.set(queryString, found);
  }
  return found;
}
