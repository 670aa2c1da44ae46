import { errorBody } from '@mostrador/contracts';
import type { MiddlewareHandler } from 'hono';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d{1,5})?$/;

/**
 * Answers only requests addressed to one of the application's own origins (decision 0117): a page of another site
 * whose name was rebound to this machine's address (DNS rebinding) sends its own name as Host, and must not reach
 * the sign-in, the session or the loopback-only features. The health check answers any name, for load balancers.
 */
export function hostCheck(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins.map((origin) => new URL(origin).host.toLowerCase()));
  return async (c, next) => {
    if (allowed.size > 0 && c.req.path !== '/bff/health') {
      const host = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
      // The loopback names cannot be rebound to another site, whatever the port.
      if (!allowed.has(host) && !LOOPBACK.test(host)) {
        return c.json(
          errorBody('bad_request', {
            message: 'this server does not answer for that host name',
            status: 421,
          }),
          421,
        );
      }
    }
    await next();
  };
}
