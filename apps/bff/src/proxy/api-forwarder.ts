import { type ErrorBody, errorBody } from '@mostrador/contracts';
import { isJsonpCallback, jsonpAnswer } from '@mostrador/server-kit/http';
import type { Context, Handler } from 'hono';
import type { FetchApp } from '../marketplace.ts';
import type { SessionEnv } from '../middleware/session.ts';
import type { Sessions } from '../session/sessions.ts';
import { AUTHORIZATION_SERVER_PATHS, allowedMethods } from './api-allowlist.ts';

// The browser's credentials for the BFF stay with the BFF; the marketplace gets a bearer token or nothing.
const REQUEST_HEADERS_DROPPED = [
  'cookie',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
];
// The marketplace (a remote one especially) never grants CORS or sets cookies on this origin.
const RESPONSE_HEADER_DROPPED = /^(access-control-|set-cookie$|set-cookie2$)/i;

export interface ApiForwarderOptions {
  marketplace: FetchApp;
  sessions: Sessions;
  timeoutMs: number;
}

/**
 * `/api/*` → the marketplace, over the allowlist. A request with its own token goes as it came (minus cookies).
 * Any other request gets the session's bearer token, refreshed when close to its end (decision 0035).
 */
export function apiForwarder(options: ApiForwarderOptions): Handler<SessionEnv> {
  return async (c: Context) => {
    const url = new URL(c.req.url);
    const path = url.pathname.slice('/api'.length) || '/';
    const allowed = allowedMethods(path);
    if (!allowed) {
      return refusal(c, errorBody('not_found', { message: `Resource ${path.slice(0, 200)} not found` }));
    }
    if (!allowed.includes(c.req.method)) {
      const message = `${c.req.method.slice(0, 20)} is not allowed here; allowed: ${allowed.join(', ')}`;
      return refusal(c, errorBody('method_not_allowed', { message }), { Allow: allowed.join(', ') });
    }

    const headers = new Headers(c.req.raw.headers);
    for (const name of REQUEST_HEADERS_DROPPED) headers.delete(name);

    if (!AUTHORIZATION_SERVER_PATHS.has(path)) {
      const session = await c.var.session();
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
        if (token !== null) headers.set('authorization', `Bearer ${token}`);
      }
    }

    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    url.pathname = path;
    const upstream = await options.marketplace.fetch(
      new Request(url, {
        method: c.req.method,
        headers,
        body: hasBody ? await c.req.arrayBuffer() : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      }),
    );
    const responseHeaders = new Headers();
    upstream.headers.forEach((value, name) => {
      if (!RESPONSE_HEADER_DROPPED.test(name)) responseHeaders.append(name, value);
    });
    // The marketplace names its resources from its own root; the browser reaches them under `/api`.
    const location = responseHeaders.get('location');
    if (location?.startsWith('/') && !location.startsWith('//'))
      responseHeaders.set('location', `/api${location}`);
    return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
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
