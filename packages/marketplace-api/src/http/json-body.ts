import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, badRequest } from './api-error.ts';

const MAX_BODY_BYTES = 16 * 1024;

/**
 * Reads a JSON request body and parses it with a contract schema. Bodies that are not JSON, too large, malformed
 * or carry members the schema does not name are refused, never repaired.
 */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError('unsupported_media_type', { message: 'the body must be application/json' });
  }
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ApiError('payload_too_large');
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError('payload_too_large');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('the body is not valid JSON', [
      { code: 'invalid_json', message: 'malformed JSON body' },
    ]);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const causes = parsed.error.issues.map((i) => ({
      code: i.code === 'unrecognized_keys' ? 'unknown_field' : 'invalid_field',
      message: `${i.path.map(String).join('.') || 'body'}: ${
        i.code === 'unrecognized_keys' ? `unknown field(s) ${i.keys.join(', ')}` : i.message
      }`,
    }));
    throw badRequest(causes[0]?.message ?? 'invalid body', causes);
  }
  return parsed.data;
}
