import type { MiddlewareHandler } from 'hono';

const PUBLIC = /(^|,)\s*public\s*(,|$)/i;

/**
 * API and session responses (`/api`, `/bff`: where it is registered) are per-user data: never store them in any cache.
 * The one exception is what the marketplace itself marks `public` (reference data the same for everybody, such as the
 * classified locations: decision 0020), which keeps its policy.
 */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (PUBLIC.test(c.res.headers.get('Cache-Control') ?? '')) return;
    c.res.headers.set('Cache-Control', 'no-store');
  };
}
