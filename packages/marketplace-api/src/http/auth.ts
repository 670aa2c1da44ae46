import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../domain/time.ts';
import type { Caller, TokenRepository } from '../repositories/token-repository.ts';
import { ApiError } from './api-error.ts';

export type AuthVariables = {
  caller: Caller | null;
  /**
   * The store's change count read as the request was authenticated (`Store.changeCount`), for reads that may trust
   * what they confirmed at that same count (decision 0087); undefined where the store keeps none.
   */
  changeCount: number | undefined;
};

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Resolves `Authorization: Bearer …` or the legacy `access_token` query parameter that the platform's older SDKs
 * still send. A token that is present but unknown, expired or revoked is refused here; no token leaves `caller`
 * null for each resource to decide (public reads, or `not_identified_user`).
 */
export function authenticate(
  tokens: TokenRepository,
  clock: Clock,
  changeCount?: () => number,
): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    let token: string | undefined;
    if (header !== undefined) {
      const match = BEARER.exec(header);
      if (!match) throw new ApiError('invalid_token', { message: 'Authorization must be "Bearer <token>"' });
      token = match[1];
    } else {
      token = c.req.query('access_token');
    }
    if (token === undefined || token === '') {
      c.set('caller', null);
      c.set('changeCount', undefined);
      return next();
    }
    const count = changeCount?.();
    const resolved = token.length <= 200 ? tokens.resolve(token, clock().getTime(), count) : null;
    const caller = resolved instanceof Promise ? await resolved : resolved;
    if (!caller) throw new ApiError('invalid_token', { message: 'invalid access token' });
    c.set('caller', caller);
    c.set('changeCount', count);
    return next();
  };
}
