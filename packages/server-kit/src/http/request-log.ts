import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger/logger.ts';

export interface RequestLogOptions {
  /** Where the app is mounted: logged paths are relative to it. */
  basePath?: string;
  /**
   * Whether the query goes in the line (tokens masked by the logger), for every path or per path: the BFF's own
   * carry OAuth codes and states.
   */
  query?: boolean | ((path: string) => boolean);
}

/**
 * One line per request: method, path (with its query unless told not to), final status and duration. Never headers
 * or bodies. Registered first, it logs the status actually sent (the API's: 200 under JSONP).
 */
export function requestLog(logger: Logger, options: RequestLogOptions = {}): MiddlewareHandler {
  const basePath = options.basePath ?? '';
  const query = options.query ?? true;
  const withQuery = typeof query === 'function' ? query : () => query;
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // The URL's path and query as `URL` gives them (a request's URL is already normalised), without parsing it.
      const url = c.req.url;
      const start = url.indexOf('/', url.indexOf('//') + 2);
      const hash = url.indexOf('#', start);
      const end = hash < 0 ? url.length : hash;
      const queryAt = url.indexOf('?', start);
      const pathEnd = queryAt < 0 || queryAt > end ? end : queryAt;
      const path = url.slice(start + basePath.length, pathEnd) || '/';
      logger.info(
        {
          method: c.req.method,
          path: end - pathEnd > 1 && withQuery(path) ? `${path}${url.slice(pathEnd, end)}` : path,
          status: c.res.status,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  };
}
