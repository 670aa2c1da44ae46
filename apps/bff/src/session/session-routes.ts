import {
  actingAccountRequestSchema,
  errorBody,
  exactId,
  type SignInError,
  sessionAccountListSchema,
  tokenSignInRequestSchema,
} from '@mostrador/contracts';
import { readJsonBody } from '@mostrador/server-kit/http';
import { type Context, Hono } from 'hono';
import { bringsOwnToken } from '../middleware/csrf.ts';
import type { SessionEnv } from '../middleware/session.ts';
import type { Languages } from '../preferences/languages.ts';
import type { MarketplaceClient } from './marketplace-client.ts';
import { TokenRequestFailed } from './marketplace-client.ts';
import {
  clearSessionCookie,
  publicOrigin,
  takeLoginCookie,
  writeLoginCookie,
  writeSessionCookie,
} from './session-cookie.ts';
import { type ActiveSession, SESSION_TIMING, type Sessions } from './sessions.ts';

export interface SessionRoutesOptions {
  sessions: Sessions;
  client: MarketplaceClient;
  clientId: number;
  /** Where sign-in starts: absolute, or a path on this origin (`/api/authorization` in local use). */
  authorizationUrl: string;
  /** Public origins (PUBLIC_ORIGIN, or the loopback names of the port); see session-cookie.ts. */
  origins: readonly string[];
  languages: Languages;
  log?: (event: string, fields?: Record<string, unknown>) => void;
}

const MAX_JSON_BYTES = 4 * 1024;

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Only paths of this application: `/orders?x=1` yes; `//evil.example`, `https://…`, `/\\evil` no. */
export function safeReturnTo(value: string | undefined): string {
  if (
    !value ||
    value.length > 2048 ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    /[\\\s]/.test(value) ||
    // Control characters (DEL, ESC, NUL…) would end up in a Location header.
    hasControlCharacter(value)
  ) {
    return '/';
  }
  if (value.startsWith('/bff/') || value.startsWith('/api/')) return '/';
  return value;
}

/** `/bff/*`: sign-in with the platform, the session, the account switcher and logout (decision 0034). */
export function sessionRoutes(options: SessionRoutesOptions) {
  const { sessions, client } = options;
  const app = new Hono<SessionEnv>();

  const originOf = (c: Context) => publicOrigin(c, options.origins);

  /** The session of the cookie; a request that brings its own token is never authenticated by the cookie. */
  const sessionOf = (c: Context<SessionEnv>): Promise<ActiveSession | null> => c.var.session();

  /** The session as the dashboard reads it: its accounts and the language it speaks. */
  const viewOf = async (c: Context, session: ActiveSession | null) =>
    options.languages.view(c, session, await sessions.view(session, { told: true }));

  /** Back to the sign-in page with the reason, and where the person was going (so trying again still gets there). */
  const signInFailed = (c: Context, reason: SignInError, returnTo = '/') =>
    c.redirect(
      `/sign-in?${new URLSearchParams({ error: reason, ...(returnTo === '/' ? {} : { return_to: returnTo }) })}`,
      303,
    );

  // A HEAD would start a sign-in flow (a row, a state) that nobody can finish, past the sign-in limit.
  // (Hono runs a HEAD through the GET route: it is stopped before that route.)
  app.use('/login', async (c, next) => {
    if (c.req.method !== 'HEAD') return next();
    return c.json(errorBody('method_not_allowed', { message: 'Sign in with GET /bff/login' }), 405, {
      Allow: 'GET',
    });
  });

  app.get('/login', async (c) => {
    // A return_to that is not a page of this application (another site, control characters that cannot go in a
    // Location header) is refused before any flow starts, not replaced after the sign-in.
    const asked = c.req.query('return_to') || undefined;
    const returnTo = safeReturnTo(asked);
    if (asked !== undefined && returnTo !== asked) return signInFailed(c, 'invalid_return_to');
    const origin = originOf(c);
    const current = await sessionOf(c);
    const redirectUri = `${origin}/bff/callback`;
    const flow = await sessions.startLogin({
      redirectUri,
      returnTo,
      sessionIdHash: current?.idHash ?? null,
    });
    writeLoginCookie(c, origin, flow.binding, SESSION_TIMING.loginFlowMs / 1000);
    const target = new URL(options.authorizationUrl, origin);
    target.search = new URLSearchParams({
      response_type: 'code',
      client_id: String(options.clientId),
      redirect_uri: redirectUri,
      state: flow.state,
      code_challenge: flow.challenge,
      code_challenge_method: 'S256',
      // The platform's page in the user's language: this origin's cookies never reach it.
      ui_locales: await c.var.language(),
    }).toString();
    return c.redirect(target.toString(), 302);
  });

  app.get('/callback', async (c) => {
    const origin = originOf(c);
    const outcome = await sessions.finishLogin(c.req.query('state'), takeLoginCookie(c, origin));
    if (!outcome.ok) return signInFailed(c, outcome.reason);
    const error = c.req.query('error');
    const { returnTo } = outcome;
    if (error !== undefined)
      return signInFailed(c, error === 'access_denied' ? 'access_denied' : 'server_error', returnTo);
    const code = c.req.query('code');
    if (!code || code.length > 512) return signInFailed(c, 'invalid_state', returnTo);
    try {
      const tokens = await client.exchangeCode(code, outcome.verifier, outcome.redirectUri);
      const user = await client.me(tokens.accessToken);
      if (!user || user.id !== tokens.userId) return signInFailed(c, 'exchange_failed', returnTo);
      const cookie = await sessions.signIn(outcome.sessionIdHash, user, tokens);
      writeSessionCookie(c, origin, cookie);
      await options.languages.adoptBrowserChoice(c, await sessions.resolve(cookie));
      options.log?.('sign-in', { user_id: user.id, via: 'authorization_code' });
      return c.redirect(outcome.returnTo, 303);
    } catch (caught) {
      if (caught instanceof TokenRequestFailed) {
        return signInFailed(
          c,
          caught.kind === 'invalid_grant' ? 'exchange_failed' : 'server_error',
          returnTo,
        );
      }
      throw caught;
    }
  });

  app.post('/logout', async (c) => {
    const origin = originOf(c);
    const session = await sessionOf(c);
    if (session) await sessions.end(session.idHash);
    if (!bringsOwnToken(c)) clearSessionCookie(c, origin);
    return c.body(null, 204);
  });

  app.get('/session', async (c) => c.json(await viewOf(c, await sessionOf(c))));

  app.post('/session', async (c) => {
    const value = await readJsonBody(c, { maxBytes: MAX_JSON_BYTES });
    const parsed = tokenSignInRequestSchema.safeParse(value);
    if (!parsed.success) {
      return c.json(
        errorBody('bad_request', { message: 'the body must be {"access_token": "<token>"}' }),
        400,
      );
    }
    const user = await client.me(parsed.data.access_token);
    if (!user) return c.json(errorBody('invalid_token', { message: 'invalid access token' }), 401);
    const origin = originOf(c);
    const current = await sessionOf(c);
    // Its lifetime is not known and there is no refresh token: it serves until the platform refuses it.
    const cookie = await sessions.signIn(current?.idHash ?? null, user, {
      accessToken: parsed.data.access_token,
      refreshToken: null,
      expiresAt: null,
    });
    writeSessionCookie(c, origin, cookie);
    options.log?.('sign-in', { user_id: user.id, via: 'access_token' });
    const signedIn = await sessions.resolve(cookie);
    await options.languages.adoptBrowserChoice(c, signedIn);
    return c.json(await viewOf(c, signedIn));
  });

  // Which seller the dashboard works on: one the user operates, or (null) its own (decision 0103).
  app.post('/session/account', async (c) => {
    const session = await sessionOf(c);
    if (!session) return c.json(errorBody('not_identified_user'), 401);
    const value = await readJsonBody(c, { maxBytes: MAX_JSON_BYTES });
    const parsed = actingAccountRequestSchema.safeParse(value);
    if (!parsed.success) {
      return c.json(
        errorBody('bad_request', { message: 'the body must be {"seller_id": <user id> | null}' }),
        400,
      );
    }
    if (!(await sessions.setActing(session, parsed.data.seller_id))) {
      return c.json(errorBody('forbidden', { message: 'you are not on that seller’s team' }), 403);
    }
    return c.json(await viewOf(c, session));
  });

  app.get('/accounts', async (c) => {
    const view = await sessions.view(await sessionOf(c));
    return c.json(sessionAccountListSchema.parse({ accounts: view.accounts }));
  });

  const accountAction = (action: 'activate' | 'remove') => async (c: Context) => {
    const session = await sessionOf(c);
    if (!session) return c.json(errorBody('not_identified_user'), 401);
    const userId = exactId(c.req.param('user_id'));
    if (userId === null)
      return c.json(errorBody('bad_request', { message: 'user_id must be a user id' }), 400);
    const done =
      action === 'activate'
        ? await sessions.activate(session, userId)
        : await sessions.removeAccount(session, userId);
    if (!done) return c.json(errorBody('not_found', { message: 'no such account in this session' }), 404);
    return c.json(await viewOf(c, session));
  };
  app.post('/accounts/:user_id/activate', accountAction('activate'));
  app.delete('/accounts/:user_id', accountAction('remove'));

  return app;
}
