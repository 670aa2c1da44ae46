import type { MiddlewareHandler } from 'hono';
import { badRequest } from '../../http/api-error.ts';
import { repeated } from '../../http/query.ts';

const ATTRIBUTE = /^[A-Za-z_][\w]{0,63}$/;
/** Field names `attributes` takes at most: no answer has more members worth naming. */
const MAX_ATTRIBUTES = 100;

function pickAttributes(value: unknown, names: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => pickAttributes(v, names));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (names.has(k)) out[k] = v;
  return out;
}

/**
 * `attributes` (spec 4.5) keeps only the named top-level fields of a successful JSON answer, element by element in
 * a list; error bodies are never reduced. Only answers that ask for it pay for re-reading the body.
 */
export const attributes: MiddlewareHandler = (c, next) =>
  // Most requests do not carry the parameter: their URL is not parsed.
  mayNameAttributes(c.req.url) ? picked(c, next) : next();

/** Whether a URL may carry `attributes`: one that does not is passed on untouched. */
const mayNameAttributes = (url: string) => url.includes('attributes=');

const picked: MiddlewareHandler = async (c, next) => {
  const given = new URL(c.req.url).searchParams.getAll('attributes');
  if (given.length === 0) return next();
  if (given.length > 1) throw repeated('attributes');
  const list = given[0]!.split(',');
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
  const names = new Set(list);
  await next();
  const res = c.res;
  const isJson = res.headers.get('content-type')?.startsWith('application/json') ?? false;
  if (!isJson || res.status >= 300) return;
  const text = JSON.stringify(pickAttributes(await res.json(), names));
  c.res = new Response(text, res);
  c.res.headers.delete('content-length');
};
