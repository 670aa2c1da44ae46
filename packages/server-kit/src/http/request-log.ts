import type { MiddlewareHandler } from 'hono';
import { type Logger, REDACTED } from '../logger/logger.ts';
import { Remembered } from './remembered.ts';

export interface RequestLogOptions {
  /** Where the app is mounted: logged paths are relative to it. */
  basePath?: string;
  /**
   * Whether the line carries the query's parameters (decoded, secrets masked), for every path or per path: the BFF's
   * own carry OAuth codes and states and are left out whole.
   */
  query?: boolean | ((path: string) => boolean);
}

/**
 * Parameters whose values never reach a log, by their decoded name: tokens and secrets, the OAuth flow's code,
 * state and PKCE values (whoever holds them can finish someone's sign-in), and free-text search terms, which are
 * buyers' names, nicknames, phones and e-mails as often as anything else: personal data, masked whole.
 */
const MASKED_PARAMETERS = new Set([
  'access_token',
  'refresh_token',
  'token',
  'id_token',
  'client_secret',
  'password',
  'code',
  'state',
  'code_challenge',
  'code_verifier',
  'q',
]);

const MAX_PARAMETERS = 30;
const MAX_VALUE = 200;

function maskedValue(name: string, value: string): string {
  if (MASKED_PARAMETERS.has(name)) return REDACTED;
  return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value;
}

/**
 * The query as a log may hold it: names and values decoded (so `access%5Ftoken` is `access_token`), secret ones
 * masked, search terms masked, at most 30 parameters. The logger scrubs what remains by shape.
 */
export function loggableQuery(url: URL): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of url.searchParams) {
    if (n++ >= MAX_PARAMETERS) break;
    const key = name.toLowerCase();
    out[name.slice(0, 60)] = maskedValue(key, value);
  }
  return n === 0 ? undefined : out;
}

/** The loggable form of a URL's query, frozen: remembered, it is shared by the lines of every request that sends it. */
function frozenQuery(url: string): Readonly<Record<string, string>> | undefined {
  const found = loggableQuery(new URL(url));
  return found && Object.freeze(found);
}

/**
 * One line per request as Hono middleware: method, path (never the raw query), its parameters decoded and masked
 * unless told not to, the final status and the duration. Never headers or bodies. Registered before the middleware
 * that may refuse or rewrite an answer, it logs the status actually sent (the API's: 200 under JSONP).
 */
export function requestLog(logger: Logger, options: RequestLogOptions = {}): MiddlewareHandler {
  const basePath = options.basePath ?? '';
  const wanted = options.query ?? true;
  const withQuery = typeof wanted === 'function' ? wanted : () => wanted;
  // The loggable form of a query, remembered by its query string: it depends on nothing else, and a dashboard asks
  // the same search again and again (decision 0215). Frozen, since lines share it.
  const queryForms = new Remembered<Readonly<Record<string, string>> | undefined>(1024, 2048);
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // The path as `URL` gives it (a request's URL is already normalised), parsed only when there is a query.
      const url = c.req.url;
      const start = url.indexOf('/', url.indexOf('//') + 2);
      const hash = url.indexOf('#', start);
      const end = hash < 0 ? url.length : hash;
      const queryAt = url.indexOf('?', start);
      const pathEnd = queryAt < 0 || queryAt > end ? end : queryAt;
      const path = url.slice(start + basePath.length, pathEnd) || '/';
      const query =
        end - pathEnd > 1 && withQuery(path)
          ? queryForms.get(url.slice(pathEnd, end), frozenQuery, url)
          : undefined;
      logger.info(
        {
          method: c.req.method,
          path,
          query,
          status: c.res.status,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  };
}
