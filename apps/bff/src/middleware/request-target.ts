import { errorBody } from '@mostrador/contracts';
import type { Step } from './steps.ts';

// A path segment that is `.` or `..`, written plainly or percent-encoded (`%2e`, `%2E`).
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

/**
 * Refuses request targets with dot segments, as they arrived on the wire. URL parsing resolves them before any route
 * sees the path (`/api/orders/%2e%2e/users/me` would reach `/api/users/me`); browsers resolve them before sending, so
 * only a hand-made request carries one, and it is answered 404 (decision 0035).
 */
export const requestTarget = (): Step => ({
  enter(c) {
    const raw = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
    // Without a dot, plain or encoded, there is no dot segment to look for.
    if (raw === undefined || (!raw.includes('.') && !raw.includes('%'))) return;
    const path = raw.split('?', 1)[0]!;
    if (!DOT_SEGMENT.test(path)) return;
    return c.json(errorBody('not_found', { message: 'Paths with dot segments are not resolved' }), 404);
  },
});
