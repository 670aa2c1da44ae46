import { errorBody } from '@mostrador/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * The body size limit, before any handler reads a byte. A declared length is judged by its header alone: touching
 * the body would attach a reader to it, and a body with a reader the handler never finishes cannot be drained, so
 * the server would drop the connection with the next request already on it. A body without a length (or with a
 * `Transfer-Encoding` beside one) is counted as it arrives, up to the limit, by Hono's `bodyLimit`. Registered for
 * the methods whose bodies are read (`app.ts`).
 *
 * The 413 keeps the connection open: @hono/node-server's clean-up of an unread body (`autoCleanupIncoming`) reads and
 * drops the rest, within its own bound (64 MB or 500 ms in the version used), then closes the connection. So a client
 * still sending reads the answer, and one whose body ends in that time sends its next request on the connection.
 * Closing at once would reset a connection the client is still writing to, and the reset loses the 413 before the
 * client reads it (decision 0297). Only a client waiting for `100 Continue`, which never sent its body, is told
 * `Connection: close`.
 */
export function bodySizeLimit(maxBytes: number): MiddlewareHandler {
  const tooLarge = (c: Context, close: boolean) =>
    c.json(
      errorBody('payload_too_large', { message: `bodies are limited to ${maxBytes} bytes` }),
      413,
      close ? { Connection: 'close' } : {},
    );
  const counted = bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c, false) });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    const declared = Number(length);
    if (declared > maxBytes) return tooLarge(c, /100-continue/i.test(c.req.header('expect') ?? ''));
    await next();
  };
}
