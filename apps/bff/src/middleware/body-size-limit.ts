import { errorBody } from '@mostrador/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * A body declared this large or less that is answered without being read (a 413, a CSRF refusal, a logout) is read
 * to its end and dropped by the server, so the next request on the connection is answered; past it, or of unknown
 * length, the answer closes the connection instead (decision 0036).
 */
const DRAIN_CAP_BYTES = 8 * 1024 * 1024;

/**
 * The body size limit, before any handler reads a byte. A declared length is judged by its header alone: touching
 * the body would attach a reader to it, and a body with a reader the handler never finishes cannot be drained, so
 * the server would drop the connection with the next request already on it. A body without a length (or with a
 * `Transfer-Encoding` beside one) is counted as it arrives, up to the limit, by Hono's `bodyLimit`. Registered for
 * the methods whose bodies are read (`app.ts`).
 */
export function bodySizeLimit(maxBytes: number): MiddlewareHandler {
  const tooLarge = (c: Context, close: boolean) =>
    c.json(
      errorBody('payload_too_large', { message: `bodies are limited to ${maxBytes} bytes` }),
      413,
      close ? { Connection: 'close' } : {},
    );
  const counted = bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c, true) });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    const declared = Number(length);
    if (declared > maxBytes) {
      // A client waiting for `100 Continue` never sent the body; one that did is drained if that is cheap.
      return tooLarge(c, declared > DRAIN_CAP_BYTES || /100-continue/i.test(c.req.header('expect') ?? ''));
    }
    await next();
  };
}
