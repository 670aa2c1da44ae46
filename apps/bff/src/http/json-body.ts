import { errorBody } from '@mostrador/contracts';
import type { Context } from 'hono';

/**
 * A small JSON body of a BFF route: `application/json`, at most `maxBytes`, valid JSON. The answer to send instead
 * when it is not (415, 413 or 400 with the error body); validating its shape is the caller's.
 */
export async function readJsonBody(
  c: Context,
  maxBytes: number,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
    return {
      ok: false,
      response: c.json(
        errorBody('unsupported_media_type', { message: 'the body must be application/json' }),
        415,
      ),
    };
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text) > maxBytes)
    return { ok: false, response: c.json(errorBody('payload_too_large'), 413) };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return {
      ok: false,
      response: c.json(errorBody('bad_request', { message: 'the body is not valid JSON' }), 400),
    };
  }
}
