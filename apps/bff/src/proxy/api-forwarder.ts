import { type ErrorBody, errorBody } from '@mostrador/contracts';
import { hasHeaderNamed, isJsonpCallback, jsonpAnswer, responseHeaders } from '@mostrador/server-kit/http';
import type { Context } from 'hono';
import type { FetchApp } from '../marketplace.ts';
import { bringsOwnToken } from '../middleware/csrf.ts';
import type { SessionEnv } from '../middleware/session.ts';
import type { Sessions } from '../session/sessions.ts';
import { AUTHORIZATION_SERVER_PATHS, allowedMethods } from './api-allowlist.ts';
import { inProcessRequest, REQUEST_HEADERS_DROPPED } from './in-process-request.ts';

// The marketplace (a remote one especially) never grants CORS or sets cookies on this origin.
const RESPONSE_HEADER_DROPPED = /^(access-control-|set-cookie$|set-cookie2$)/i;

/** `http://host/api/orders/1?x=y` → its path (`/api/orders/1`) and its query (`?x=y`), as `URL` gives them. */
function splitUrl(url: string): { origin: string; pathname: string; search: string } {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  let end = url.indexOf('?', start);
  const hash = url.indexOf('#', start);
  if (end < 0 || (hash >= 0 && hash < end)) end = hash < 0 ? url.length : hash;
  return {
    origin: url.slice(0, start),
    pathname: url.slice(start, end),
    search: end < url.length && url[end] === '?' ? url.slice(end, hash < 0 ? url.length : hash) : '',
  };
}

/** A `Location` the marketplace gives from its own root, which the browser reaches under `/api`. */
const rootRelative = (location: string | null): location is string => /^\/(?!\/)/.test(location ?? '');

/**
 * The answer without the headers a marketplace may not set on this origin, and with its root-relative `Location`
 * under `/api` (decision 0134); the same object when it needs neither.
 */
function withoutDroppedHeaders(upstream: Response): Response {
  const answered = responseHeaders(upstream);
  const dropped = hasHeaderNamed(answered, RESPONSE_HEADER_DROPPED);
  const location = answered.get('location');
  if (!dropped && !rootRelative(location)) return upstream;
  const headers = new Headers();
  upstream.headers.forEach((value, name) => {
    if (!RESPONSE_HEADER_DROPPED.test(name)) headers.append(name, value);
  });
  if (rootRelative(location)) headers.set('location', `/api${location}`);
  return new Response(upstream.body, { status: upstream.status, headers });
}

export interface ApiForwarderOptions {
  marketplace: FetchApp;
  sessions: Sessions;
  timeoutMs: number;
}

/**
 * `/api/*` → the marketplace, over the allowlist. A request with its own token goes as it came (minus cookies).
 * Any other request gets the session's bearer token, refreshed when close to its end (decision 0035). The embedded
 * marketplace gets the request itself, seen through a filter, and its answer goes out as it is (decision 0150); a
 * remote one gets a copy, with the request's time limit.
 */
export function apiForwarder(options: ApiForwarderOptions): (c: Context<SessionEnv>) => Promise<Response> {
  return async (c) => {
    const { origin, pathname, search } = splitUrl(c.req.url);
    const path = pathname.slice('/api'.length) || '/';
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
      const session = bringsOwnToken(c) ? null : await c.get('session')();
      if (session) {
        // Fetch metadata: a page of another origin (even of the same site) never acts with the session.
        const site = c.req.header('sec-fetch-site');
        if (site !== undefined && site !== 'same-origin' && site !== 'none') {
          return c.json(errorBody('forbidden', { message: 'cross-origin request refused' }), 403);
        }
        // JSONP would hand the session's data to any page that includes the URL as a script.
        if (new URLSearchParams(search).has('callback')) {
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

    if (options.marketplace.inProcess) {
      const url = `${origin}${path}${search}`;
      return withoutDroppedHeaders(
        await options.marketplace.fetch(inProcessRequest(c.req.raw, url, authorization)),
      );
    }
    const headers = new Headers(c.req.raw.headers);
    for (const name of REQUEST_HEADERS_DROPPED) headers.delete(name);
    if (authorization !== undefined) headers.set('authorization', authorization);
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const upstream = await options.marketplace.fetch(
      new Request(`${origin}${path}${search}`, {
        method: c.req.method,
        headers,
        body: hasBody ? await c.req.arrayBuffer() : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      }),
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
