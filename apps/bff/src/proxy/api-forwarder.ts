import type { HttpBindings } from '@hono/node-server';
import { type ErrorBody, errorBody } from '@mostrador/contracts';
import { isJsonpCallback, jsonpAnswer } from '@mostrador/server-kit/http';
import type { Context, Handler } from 'hono';
import { API_BASE_PATH, type FetchApp } from '../marketplace.ts';
import { bringsOwnToken } from '../middleware/csrf.ts';
import type { SessionEnv } from '../middleware/session.ts';
import type { Sessions } from '../session/sessions.ts';
import { AUTHORIZATION_SERVER_PATHS, allowedMethods } from './api-allowlist.ts';

/** Headers of an `/api` request that never reach the marketplace: the BFF's own credentials and the connection's. */
const REQUEST_HEADERS_DROPPED: ReadonlySet<string> = new Set([
  'cookie',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
]);

/** HTTP/2's pseudo-headers (`:path`) start with it: no header of the request's. */
const COLON = 58;

// The marketplace (a remote one especially) never grants CORS or sets cookies on this origin.
const RESPONSE_HEADER_DROPPED = /^(access-control-|set-cookie$|set-cookie2$)/;

/** A `Location` the marketplace gives from its own root, which the browser reaches under `/api`. */
const rootRelative = (location: string | null): location is string => /^\/(?!\/)/.test(location ?? '');

/**
 * The answer without the headers a marketplace may not set on this origin, and with its root-relative `Location`
 * under `/api` (decision 0134); the same answer when it needs neither.
 */
function withoutDroppedHeaders(upstream: Response): Response {
  const location = upstream.headers.get('location');
  let dropped = false;
  for (const name of upstream.headers.keys()) if (RESPONSE_HEADER_DROPPED.test(name)) dropped = true;
  if (!dropped && !rootRelative(location)) return upstream;
  const headers = new Headers();
  upstream.headers.forEach((value, name) => {
    if (!RESPONSE_HEADER_DROPPED.test(name)) headers.append(name, value);
  });
  if (rootRelative(location)) headers.set('location', `/api${location}`);
  return new Response(upstream.body, { status: upstream.status, headers });
}

/**
 * The request's headers as the marketplace gets them: without the dropped ones, with the session's token if any. On a
 * connection of this server they are taken from the header lines it received (`incoming.rawHeaders`, as
 * @hono/node-server hands the connection to the app), names in lower case; the new `Request` checks and joins them
 * as `Headers` does. Reading them through the incoming request's `Headers` would build and check them all once more.
 */
function forwardedHeaders(c: Context, authorization: string | undefined): [string, string][] {
  const headers: [string, string][] = [];
  const lines = (c.env as Partial<HttpBindings> | undefined)?.incoming?.rawHeaders;
  if (lines) {
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const name = lines[i]!.toLowerCase();
      if (!REQUEST_HEADERS_DROPPED.has(name) && name.charCodeAt(0) !== COLON)
        headers.push([name, lines[i + 1]!]);
    }
  } else {
    for (const [name, value] of c.req.raw.headers) {
      if (!REQUEST_HEADERS_DROPPED.has(name)) headers.push([name, value]);
    }
  }
  // Only a request without a token of its own gets the session's: there is no other to replace.
  if (authorization !== undefined) headers.push(['authorization', authorization]);
  return headers;
}

export interface ApiForwarderOptions {
  marketplace: FetchApp;
  sessions: Sessions;
}

/**
 * `/api/*` → the marketplace, over the allowlist. The marketplace answers at the paths the browser uses
 * (`marketplace.ts`), so a request that needs nothing changed — one with a token of its own, or none, and no cookie —
 * goes to it as it came (decision 0233). Any other gets a `Request` of its own: the headers without the cookie and
 * the connection's, with the session's bearer token when there is a session (refreshed when close to its end,
 * decision 0035), the body as read. The answer comes back as the marketplace gave it, without the headers it may not
 * set on this origin. The embedded marketplace answers in this process, under the BFF's time limit; a remote one keeps
 * a limit of its own (`remote-marketplace.ts`).
 */
export function apiForwarder(options: ApiForwarderOptions): Handler<SessionEnv> {
  return async (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname.slice(API_BASE_PATH.length) || '/';
    const allowed = allowedMethods(path);
    if (!allowed) {
      return refusal(c, errorBody('not_found', { message: `Resource ${path.slice(0, 200)} not found` }));
    }
    if (!allowed.includes(c.req.method)) {
      const message = `${c.req.method.slice(0, 20)} is not allowed here; allowed: ${allowed.join(', ')}`;
      return refusal(c, errorBody('method_not_allowed', { message }), { Allow: allowed.join(', ') });
    }

    let authorization: string | undefined;
    if (!AUTHORIZATION_SERVER_PATHS.has(path)) {
      // A request with its own token has no session: no promise to wait for.
      const session = bringsOwnToken(c) ? null : await c.var.session();
      if (session) {
        // Fetch metadata: a page of another origin (even of the same site) never acts with the session.
        const site = c.req.header('sec-fetch-site');
        if (site !== undefined && site !== 'same-origin' && site !== 'none') {
          return c.json(errorBody('forbidden', { message: 'cross-origin request refused' }), 403);
        }
        // JSONP would hand the session's data to any page that includes the URL as a script.
        if (url.searchParams.has('callback')) {
          return c.json(
            errorBody('bad_request', {
              message: 'callback (JSONP) needs a token of its own, not the session',
            }),
            400,
          );
        }
        const token = await options.sessions.accessToken(session);
        if (token === 'expired') return c.json(errorBody('session_expired'), 401);
        if (token !== null) authorization = `Bearer ${token}`;
      }
    }

    if (authorization === undefined && c.req.header('cookie') === undefined) {
      return withoutDroppedHeaders(await options.marketplace.fetch(c.req.raw, c.env));
    }
    // The methods the body limit is registered for: OPTIONS asks for a resource's description, never with a body.
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS';
    const upstream = await options.marketplace.fetch(
      new Request(c.req.url, {
        method: c.req.method,
        headers: forwardedHeaders(c, authorization),
        body: hasBody ? await c.req.arrayBuffer() : undefined,
        redirect: 'manual',
      }),
      // The connection goes along: the embedded API's faults on purpose may drop it (decision 0293).
      c.env,
    );
    return withoutDroppedHeaders(upstream);
  };
}

/**
 * The BFF's own refusal of an `/api` request, as the marketplace would give it: the error body, and wrapped as
 * JSONP when the request asks for it with a valid callback (spec 4.6: every JSONP answer is 200).
 */
export async function refusal(c: Context, body: ErrorBody, headers: Record<string, string> = {}) {
  const res = c.json(body, body.status as 404, headers);
  const callback = c.req.query('callback');
  return callback !== undefined && isJsonpCallback(callback) ? jsonpAnswer(callback, res) : res;
}
