import { isJsonpCallback, jsonpAnswer } from '@mostrador/server-kit/http';
import type { MiddlewareHandler } from 'hono';
import { badRequest } from '../../http/api-error.ts';

/**
 * JSONP (spec 4.6): `callback` wraps the answer as `name([status, headers, body])` with HTTP 200 whatever happened,
 * errors, 404 and 405 included. Handlers return plain JSON; only answers that ask for it pay for re-reading the body.
 */
export const jsonp: MiddlewareHandler = async (c, next) => {
  // Most requests do not carry the parameter; do not parse their URL at all.
  if (!c.req.url.includes('callback=')) return next();
  const callback = new URL(c.req.url).searchParams.get('callback');
  if (callback === null) return next();
  if (!isJsonpCallback(callback)) {
    throw badRequest('callback must be a JavaScript identifier', [
      { code: 'invalid_callback', message: 'callback must match [A-Za-z_$][A-Za-z0-9_$]* (dots allowed)' },
    ]);
  }
  await next();
  c.res = await jsonpAnswer(callback, c.res);
};
