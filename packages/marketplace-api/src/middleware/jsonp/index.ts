import { isJsonpCallback, jsonpAnswer } from '@mostrador/server-kit/http';
import type { MiddlewareHandler } from 'hono';
import { badRequest } from '../../http/api-error.ts';
import { repeated } from '../../http/query.ts';

/**
 * JSONP (spec 4.6): `callback` wraps the answer as `name([status, headers, body])` with HTTP 200 whatever happened,
 * errors, 404 and 405 included. Handlers return plain JSON; only answers that ask for it pay for re-reading the body.
 */
export const jsonp: MiddlewareHandler = (c, next) =>
  // Most requests do not carry the parameter: their URL is not parsed.
  mayNameCallback(c.req.url) ? wrapped(c, next) : next();

/** Whether a URL may carry `callback`: one that does not is passed on untouched. */
const mayNameCallback = (url: string) => url.includes('callback=');

const wrapped: MiddlewareHandler = async (c, next) => {
  const given = new URL(c.req.url).searchParams.getAll('callback');
  if (given.length === 0) return next();
  // Which of two callbacks would the page run? Neither: the request is refused (decision 0135).
  if (given.length > 1) throw repeated('callback');
  const callback = given[0]!;
  if (!isJsonpCallback(callback)) {
    throw badRequest('callback must be a JavaScript identifier', [
      { code: 'invalid_callback', message: 'callback must match [A-Za-z_$][A-Za-z0-9_$]* (dots allowed)' },
    ]);
  }
  await next();
  c.res = await jsonpAnswer(callback, c.res);
};
