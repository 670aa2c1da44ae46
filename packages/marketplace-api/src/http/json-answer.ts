import type { Context } from 'hono';

/** Every JSON answer names its charset, successes as errors do. */
export const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' } as const;

/** `body` as a JSON answer (what `c.json` does, with the charset). */
export function json(
  c: Context,
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return c.body(JSON.stringify(body), status as 200, { ...JSON_TYPE, ...headers });
}
