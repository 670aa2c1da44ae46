import type { MiddlewareHandler } from 'hono';
import type { Logger } from './logger.ts';

/**
 * One line per request: method, path with its query (tokens masked by the logger), final status and duration.
 * Never headers or bodies. Runs outside the conventions, so it logs the status actually sent (200 under JSONP).
 */
export function requestLog(logger: Logger, basePath: string): MiddlewareHandler {
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
          path: `${path}${url.search}`,
          status: c.res.status,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
  };
}
