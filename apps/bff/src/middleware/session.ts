import type { Language } from '@mostrador/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { publicOrigin, readSessionCookie } from '../session/session-cookie.ts';
import type { ActiveSession, Sessions } from '../session/sessions.ts';
import { bringsOwnToken } from './csrf.ts';

export interface SessionVariables {
  /**
   * The session of the request's cookie, or null: looked up on first use and kept for the rest of the request, so
   * requests that never ask (static files, the webhook receiver) cost nothing and no handler reads the cookie itself.
   * A request that brings its own token is never authenticated by the cookie.
   */
  session: () => Promise<ActiveSession | null>;
  /** The language of the request's session and browser (decision 0170), looked up on first use. */
  language: () => Promise<Language>;
}

export type SessionEnv = { Variables: SessionVariables };

/** Puts the request's session on the context (`c.var.session()`). */
export function sessionContext(
  sessions: Sessions,
  origins: readonly string[],
): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    let found: Promise<ActiveSession | null> | undefined;
    c.set('session', () => {
      found ??= bringsOwnToken(c)
        ? Promise.resolve(null)
        : sessions.resolve(readSessionCookie(c, publicOrigin(c, origins)));
      return found;
    });
    await next();
  };
}

/** The account the request's session acts for, or null without a session or a chosen account. */
export async function activeUserOf(c: Context<SessionEnv>): Promise<number | null> {
  const session = await c.var.session();
  return session?.row.active_user_id ?? null;
}
