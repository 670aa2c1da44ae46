import type { HttpBindings } from '@hono/node-server';
import { errorBody } from '@mostrador/contracts';
import type { MiddlewareHandler } from 'hono';

// A path segment that is `.` or `..`, written plainly or percent-encoded (`%2e`, `%2E`).
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

/**
 * Refuses request targets with dot segments, as they arrived on the wire (the connection's `incoming.url`). URL
 * parsing resolves them before any route sees the path (`/api/orders/%2e%2e/users/me` would reach `/api/users/me`);
 * browsers resolve them before sending, so only a hand-made request carries one, and it is answered 404 (decision
 * 0035).
 */
export function requestTarget(): MiddlewareHandler {
  return async (c, next) => {
    const raw = (c.env as Partial<HttpBindings> | undefined)?.incoming?.url;
    // Without a dot, plain or encoded, there is no dot segment to look for.
    const suspect = raw !== undefined && (raw.includes('.') || raw.includes('%'));
    if (suspect && DOT_SEGMENT.test(raw.split('?', 1)[0]!)) {
      return c.json(errorBody('not_found', { message: 'Paths with dot segments are not resolved' }), 404);
    }
    await next();
  };
}
