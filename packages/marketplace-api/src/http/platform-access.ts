import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Caller } from '../oauth/token-repository.ts';
import { ApiError } from './api-error.ts';
import { type ApiEnv, type PlatformOptions, requireCaller } from './env.ts';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Platform operations (fraud alerts, invalidation) belong to the platform: its tools carry the operator token. In
 * local use an order's seller or buyer may trigger them too, to try the flow. Anyone else is refused before the
 * order is even looked up.
 */
export function operatorAccess(
  deps: { platform: PlatformOptions },
  c: Context<ApiEnv>,
): { operator: true } | { party: Caller } {
  const token = c.req.header('x-operator-token');
  if (token !== undefined) {
    if (deps.platform.operatorToken !== null && sameSecret(token, deps.platform.operatorToken)) {
      return { operator: true };
    }
    throw new ApiError('forbidden', { message: 'invalid operator token' });
  }
  if (!deps.platform.localUse) {
    throw new ApiError('forbidden', { message: 'a platform operation; only the platform may run it' });
  }
  return { party: requireCaller(c.get('caller')) };
}
