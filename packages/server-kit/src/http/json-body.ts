import type { Context } from 'hono';
import { HttpError } from './http-error.ts';

export interface JsonBodyOptions {
  /** Larger bodies are refused with 413. */
  maxBytes: number;
  /** The 413's message (`Payload too large` otherwise). */
  tooLargeMessage?: string;
}

/**
 * Reads a small JSON request body: `application/json`, at most `maxBytes`, valid JSON; anything else throws the
 * `HttpError` to answer (415, 413 or 400), never repaired. Checking its shape is the caller's.
 */
export async function readJsonBody(c: Context, options: JsonBodyOptions): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError({
      error: 'unsupported_media_type',
      status: 415,
      message: 'the body must be application/json',
    });
  }
  const tooLarge = () =>
    new HttpError({
      error: 'payload_too_large',
      status: 413,
      message: options.tooLargeMessage ?? 'Payload too large',
    });
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > options.maxBytes) throw tooLarge();
  const text = await c.req.text();
  if (Buffer.byteLength(text) > options.maxBytes) throw tooLarge();
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError({
      error: 'bad_request',
      status: 400,
      message: 'the body is not valid JSON',
      cause: [{ code: 'invalid_json', message: 'malformed JSON body' }],
    });
  }
}
