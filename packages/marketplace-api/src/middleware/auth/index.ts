import type { ChangeSequence } from '@mostrador/server-kit/store';
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../domain/time.ts';
import { ApiError } from '../../http/api-error.ts';
import { repeated } from '../../http/query.ts';
import type { Callers } from '../../oauth/callers.ts';
import type { Caller } from '../../oauth/token-repository.ts';

export type AuthVariables = {
  /** Who the request's token stands for; null without a token (each resource decides: public, or 401). */
  caller: Caller | null;
  /**
   * The store's change sequence as this request reads it (decision 0240): read on first use, once per request, after
   * the request arrived. What the request answers from memory was kept at this same number.
   */
  storeVersion: () => Promise<number>;
};

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Reads the store's change sequence on demand (`c.var.storeVersion()`), then resolves `Authorization: Bearer …` or
 * the legacy `access_token` query parameter that the platform's older SDKs still send. A token that is present but
 * unknown, expired or revoked is refused here; no token leaves `caller` null.
 */
export function authenticate(
  callers: Callers,
  changes: ChangeSequence,
  clock: Clock,
): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    // Local use's faults on purpose read it first (`faults/simulated-faults.ts`): the request keeps that reading.
    if (c.get('storeVersion') === undefined) {
      let version: Promise<number> | undefined;
      c.set('storeVersion', () => {
        version ??= changes.read();
        return version;
      });
    }
    const header = c.req.header('authorization');
    let token: string | undefined;
    if (header !== undefined) {
      const match = BEARER.exec(header);
      if (!match) throw new ApiError('invalid_token', { message: 'Authorization must be "Bearer <token>"' });
      token = match[1];
    } else if (c.req.url.includes('?')) {
      // Read by decoded name, as every parameter is (`access%5Ftoken` too).
      const given = c.req.queries('access_token') ?? [];
      // Two tokens: whose request is it? Refused, rather than acting for the first (decision 0135).
      if (given.length > 1) throw repeated('access_token');
      token = given[0];
    }
    let caller: Caller | null = null;
    if (token !== undefined && token !== '') {
      caller =
        token.length <= 200 ? await callers.find(token, clock().getTime(), await c.var.storeVersion()) : null;
      if (!caller) throw new ApiError('invalid_token', { message: 'invalid access token' });
    }
    c.set('caller', caller);
    await next();
  };
}
