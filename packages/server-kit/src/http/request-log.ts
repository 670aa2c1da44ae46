import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger/logger.ts';

export interface RequestLogOptions {
  /** Where the app is mounted: logged paths are relative to it. */
  basePath?: string;
  /** Whether the query goes in the line (tokens masked by the logger); the BFF's carry OAuth codes and states. */
  query?: boolean;
}

/**
 * One line per request: method, path (with its query unless told not to), final status and duration. Never headers
 * or bodies. Registered first, it logs the status actually sent (the API's: 200 under JSONP).
 */
export function requestLog(logger: Logger, options: RequestLogOptions = {}): MiddlewareHandler {
  const basePath = options.basePath ?? '';
  const withQuery = options.query ?? true;
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const url = new URL(c.req.url);
      const path = url.pathname.slice(basePath.length) || '/';
      logger.info(
        {
          method: c.req.method,
          path: withQuery ? `${path}${url.search}` : path,
          status: c.res.status,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  };
}
