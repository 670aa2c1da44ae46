import type { MiddlewareHandler } from 'hono';
import { badRequest } from '../../http/api-error.ts';

// A dotted JavaScript identifier; anything else could smuggle script into the JSONP response.
const CALLBACK = /^[A-Za-z_$][\w$]{0,63}(?:\.[A-Za-z_$][\w$]{0,63}){0,3}$/;

function headerObject(headers: Headers): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  headers.forEach((value, name) => {
    if (name === 'content-length') return;
    const canonical = name.replace(/(^|-)([a-z])/g, (_, dash: string, ch: string) => dash + ch.toUpperCase());
    const values = out[canonical] ?? [];
    values.push(value);
    out[canonical] = values;
  });
  return out;
}

/**
 * JSONP (spec 4.6): `callback` wraps the answer as `name([status, headers, body])` with HTTP 200 whatever happened,
 * so browser code can read 30X/40X/50X itself. Handlers return plain JSON; only answers that ask for it pay for
 * re-reading the body.
 */
export const jsonp: MiddlewareHandler = async (c, next) => {
  // Most requests do not carry the parameter; do not parse their URL at all.
  if (!c.req.url.includes('callback=')) return next();
  const callback = new URL(c.req.url).searchParams.get('callback');
  if (callback === null) return next();
  if (!CALLBACK.test(callback)) {
    throw badRequest('callback must be a JavaScript identifier', [
      { code: 'invalid_callback', message: 'callback must match [A-Za-z_$][A-Za-z0-9_$]* (dots allowed)' },
    ]);
  }
  await next();
  const res = c.res;
  const isJson = res.headers.get('content-type')?.startsWith('application/json') ?? false;
  const text = await res.text();
  const headers = new Headers(res.headers);
  headers.set('content-type', 'text/javascript;charset=UTF-8');
  const body = isJson && text.length > 0 ? text : JSON.stringify(text);
  const wrapped = `${callback}([${res.status}, ${JSON.stringify(headerObject(headers))}, ${body}])`;
  c.res = new Response(wrapped, {
    status: 200,
    headers: {
      'content-type': 'text/javascript;charset=UTF-8',
      'x-content-type-options': 'nosniff',
      'cache-control': headers.get('cache-control') ?? 'no-store',
    },
  });
};
