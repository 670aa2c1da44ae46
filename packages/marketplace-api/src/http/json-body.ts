import { readJsonBody } from '@mostrador/server-kit/http';
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from './api-error.ts';

const MAX_BODY_BYTES = 16 * 1024;

/**
 * Reads a JSON request body and parses it with a contract schema. Bodies that are not JSON, too large, malformed
 * or carry members the schema does not name are refused, never repaired.
 */
export async function jsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const value = await readJsonBody(c, { maxBytes: MAX_BODY_BYTES });
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
