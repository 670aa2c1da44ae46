import type { MiddlewareHandler } from 'hono';
import { ApiError, badRequest } from './api-error.ts';

// A dotted JavaScript identifier; anything else could smuggle script into the JSONP response.
const CALLBACK = /^[A-Za-z_$][\w$]{0,63}(?:\.[A-Za-z_$][\w$]{0,63}){0,3}$/;
const ATTRIBUTE = /^[A-Za-z_][\w]{0,63}$/;

function pickAttributes(value: unknown, names: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => pickAttributes(v, names));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (names.has(k)) out[k] = v;
  return out;
}

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

/** Field names `attributes` takes at most: no answer has more members worth naming. */
const MAX_ATTRIBUTES = 100;

/**
 * The conventions of every resource (spec 4.5, 4.6): `attributes` keeps only the named fields, and `callback`
 * wraps the response as `name([status, headers, body])` with HTTP 200 whatever happened, so browser code can read
 * 30X/40X/50X itself. Handlers return plain JSON; only responses that ask for either pay for re-reading the body.
 */
export const conventions: MiddlewareHandler = async (c, next) => {
  // Most requests carry neither parameter; do not parse their URL at all.
  if (!c.req.url.includes('callback=') && !c.req.url.includes('attributes=')) return next();
  const url = new URL(c.req.url);
  const callback = url.searchParams.get('callback');
  const attributes = url.searchParams.get('attributes');
  if (callback !== null && !CALLBACK.test(callback)) {
    throw badRequest('callback must be a JavaScript identifier', [
      { code: 'invalid_callback', message: 'callback must match [A-Za-z_$][A-Za-z0-9_$]* (dots allowed)' },
    ]);
  }
  let names: Set<string> | undefined;
  if (attributes !== null) {
    const list = attributes.split(',');
    if (list.length > MAX_ATTRIBUTES) {
      throw badRequest(`attributes takes at most ${MAX_ATTRIBUTES} field names`, [
        { code: 'invalid_attributes', message: `${list.length} field names` },
      ]);
    }
    const bad = list.filter((a) => !ATTRIBUTE.test(a));
    if (bad.length > 0) {
      throw badRequest('attributes must be a comma-separated list of field names', [
        { code: 'invalid_attributes', message: `invalid field names: ${bad.slice(0, 5).join(', ')}` },
      ]);
    }
    names = new Set(list);
  }
  await next();
  if (callback === null && names === undefined) return;
  const res = c.res;
  const isJson = res.headers.get('content-type')?.startsWith('application/json') ?? false;
  let text = await res.text();
  if (names && isJson && res.status < 300) text = JSON.stringify(pickAttributes(JSON.parse(text), names));
  if (callback === null) {
    c.res = new Response(text, res);
    c.res.headers.delete('content-length');
    return;
  }
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

/** Rejects `limit`/`offset` that are not plain non-negative integers within bounds. */
export function parsePaging(
  query: Record<string, string | undefined>,
  defaults: { limit: number; maxLimit: number; maxOffset?: number },
): { offset: number; limit: number } {
  const read = (name: 'offset' | 'limit', fallback: number, min: number, max: number) => {
    const raw = query[name];
    if (raw === undefined) return fallback;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw badRequest(`${name} must be an integer between ${min} and ${max}`, [
        { code: `invalid_${name}`, message: `${name}=${raw.slice(0, 20)} is out of range` },
      ]);
    }
    return Number(raw);
  };
  return {
    offset: read('offset', 0, 0, defaults.maxOffset ?? 1_000_000),
    limit: read('limit', defaults.limit, 1, defaults.maxLimit),
  };
}

export { ApiError };
