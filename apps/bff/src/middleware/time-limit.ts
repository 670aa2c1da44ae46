import { errorBody } from '@mostrador/contracts';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { timeout } from 'hono/timeout';

/**
 * The longest a request may take (decision 0036): past `ms`, Hono's `timeout` fails the request with the BFF's 504
 * and drops the handler's late answer. A remote platform's call has its own limit of the same length
 * (`proxy/remote-marketplace.ts`), so whichever goes off first gives the same answer.
 */
export function timeLimit(ms: number): MiddlewareHandler {
  return timeout(
    ms,
    () =>
      new HTTPException(504, {
        res: Response.json(errorBody('gateway_timeout'), {
          status: 504,
          headers: { 'Cache-Control': 'no-store' },
        }),
      }),
  );
}
