import { errorBody } from '@mostrador/contracts';
import type { Context, MiddlewareHandler } from 'hono';

const SAFE_METHODS = /^(GET|HEAD|OPTIONS)$/;

/** The request's session as `sessionContext` puts it on the context (null without one). */
type WithSession = { Variables: { session: () => Promise<unknown> } };

/**
 * A request that brings its own credentials (an `Authorization` header, or the legacy `access_token` parameter)
 * is authenticated by them alone: the BFF never adds the session's token to it, so it cannot ride on the cookie.
 */
export function bringsOwnToken(c: Context): boolean {
  if (c.req.header('authorization') !== undefined) return true;
  const url = c.req.url;
  return url.includes('?') && new URL(url).searchParams.has('access_token');
}

export interface CsrfOptions {
  /** Origins pages of this application are served from (the request's own origin is always one). */
  origins: (c: Context) => string[];
  /**
   * The platform's authorization server (`/api/authorization`, `/api/oauth/token`): never sent with the session's
   * token, so not cookie-reliant. Its sign-in form is a plain form post; same-origin only (decision 0035).
   */
  authorizationServer: (path: string) => boolean;
}

const refuse = (c: Context, message: string) => c.json(errorBody('forbidden', { message }), 403);

/**
 * CSRF defence for state-changing requests that rely on the session cookie (decisions 0035, 0260): they must carry
 * `X-Requested-With` (which no cross-origin page can add without a CORS preflight, and none is ever granted) and,
 * when an `Origin` header is present, come from this application's origin.
 */
export function csrfProtection(options: CsrfOptions): MiddlewareHandler<WithSession> {
  return async (c, next) => {
    const refusal = SAFE_METHODS.test(c.req.method) ? undefined : await check(c, options);
    if (refusal) return refusal;
    await next();
  };
}

/**
 * The refusal of a state-changing request, or nothing when it may go on. A token of its own exempts only a request
 * to `/api`, which the marketplace authenticates by that token; the BFF's own routes act on the cookie's session
 * (sign-in adds to it), so a token in their URL or headers changes nothing (decision 0260). A request to `/api` with
 * no credential at all (no token, no session) has nothing to forge: the marketplace answers it, 401
 * `not_identified_user` where a caller is needed (decision 0275).
 */
async function check(c: Context<WithSession>, options: CsrfOptions): Promise<Response | undefined> {
  const path = c.req.path;
  if (path.startsWith('/api/') && bringsOwnToken(c)) return undefined;
  if (path.startsWith('/api/') && (await c.var.session()) === null) return undefined;
  const origin = c.req.header('origin');
  if (origin !== undefined && !options.origins(c).includes(origin)) {
    return refuse(c, 'cross-origin request refused');
  }
  if (options.authorizationServer(path)) return undefined;
  if (!c.req.header('x-requested-with')) {
    return refuse(c, 'state-changing requests must carry an X-Requested-With header');
  }
  return undefined;
}
