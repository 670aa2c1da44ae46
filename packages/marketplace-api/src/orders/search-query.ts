import { orderSearchParamsSchema } from '@mostrador/contracts';
import { Remembered } from '@mostrador/server-kit/http';
import type { Context } from 'hono';
import type { ApiEnv } from '../http/env.ts';
import { invalidQuery, ownQuery } from '../http/query.ts';
import type { OrderQuery } from './order-repository.ts';

/** A search's parameters as sent (`raw`), and as checked (`query`); both frozen, since they are shared. */
export interface SearchQuery {
  raw: Readonly<Record<string, string>>;
  query: Readonly<OrderQuery>;
  /** The URL's query string from its `?`: the search page cache's key. */
  queryString: string;
}

/** Up to 1,024 query strings of at most 2,048 characters. */
const remembered = new Remembered<SearchQuery>(1024, 2048);

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
  return remembered.get(queryStringOf(c.req.url), checked, c);
}

/** A URL's query string from its `?`, empty without one. */
function queryStringOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
}

/** The request's parameters checked, frozen; invalid input throws, and so is never remembered. */
function checked(c: Context<ApiEnv>): SearchQuery {
  const raw = ownQuery(c);
  const parsed = orderSearchParamsSchema.safeParse(raw);
  if (!parsed.success) throw invalidQuery(parsed.error);
  return frozen({ raw, query: parsed.data as OrderQuery, queryString: queryStringOf(c.req.url) });
}
