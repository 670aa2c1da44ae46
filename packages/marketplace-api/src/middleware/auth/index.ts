import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../../domain/time.ts';
import { ApiError } from '../../http/api-error.ts';
import { repeated } from '../../http/query.ts';
import type { Caller } from '../../oauth/token-repository.ts';

export type AuthVariables = {
  caller: Caller | null;
};

/**
 * Who a token stands for: the read model's `caller`, told the request's path (what the request reads) and whether
 * it asks for the legacy form (no `x-format-new: true`; a value that is neither is refused by the route itself).
 */
export type ResolveCaller = (
  token: string,
  nowMs: number,
  path: string,
  legacy: boolean,
) => Caller | null | Promise<Caller | null>;

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Resolves `Authorization: Bearer …` or the legacy `access_token` query parameter that the platform's older SDKs
 * still send. A token that is present but unknown, expired or revoked is refused here; no token leaves `caller`
 * null for each resource to decide (public reads, or `not_identified_user`).
 */
export function authenticate(
  resolve: ResolveCaller,
  clock: Clock,
): MiddlewareHandler<{ Variables: AuthVariables }> {
  // Not an async function: a token found in memory goes on to the handler without a promise of this step's own,
  // and the handler's promise is handed back as it is rather than resolved into another. A refusal is thrown either
  // way, and Hono renders it as it renders any error of a middleware.
  return (c, next) => {
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
    if (token === undefined || token === '') {
      c.set('caller', null);
      return next();
    }
    const legacy = c.req.header('x-format-new') !== 'true';
    const found = token.length <= 200 ? resolve(token, clock().getTime(), c.req.path, legacy) : null;
    if (found instanceof Promise) {
      return found.then((caller) => {
        identified(c, caller);
        return next();
      });
    }
    identified(c, found);
    return next();
  };
}

function identified(c: Context<{ Variables: AuthVariables }>, caller: Caller | null): void {
  if (!caller) throw new ApiError('invalid_token', { message: 'invalid access token' });
  c.set('caller', caller);
}
