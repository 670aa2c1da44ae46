import type { MiddlewareHandler } from 'hono';
import type { HTTPException } from 'hono/http-exception';

interface InFlight {
  deadline: number;
  fail: (error: unknown) => void;
  older: InFlight | undefined;
  newer: InFlight | undefined;
}

/**
 * The longest a request may take: past `ms`, the request fails with `expired()` (the BFF's 504) and its handler's late
 * answer is dropped, as Hono's `timeout` middleware does. Every request has the same limit, so the oldest request
 * still running is always the first to reach it: requests wait in one list, oldest first, under one timer armed for
 * the oldest, instead of a timer and a race of promises each (decision 0156). A request leaves the list the moment
 * it is answered, so nothing is kept for the length of the limit.
 */
export function timeLimit(ms: number, expired: () => HTTPException): MiddlewareHandler {
  let oldest: InFlight | undefined;
  let newest: InFlight | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function leave(request: InFlight) {
    if (request.older) request.older.newer = request.newer;
    else oldest = request.newer;
    if (request.newer) request.newer.older = request.older;
    else newest = request.older;
    request.older = request.newer = undefined;
  }
  // Unreferenced: a request in flight keeps the process up by its connection, the timer never on its own.
  function arm(delay: number) {
    timer = setTimeout(expire, delay);
    timer.unref?.();
  }
  function expire() {
    timer = undefined;
    const now = performance.now();
    while (oldest && oldest.deadline <= now) {
      const late = oldest;
      const fail = late.fail;
      late.fail = noop;
      leave(late);
      fail(expired());
    }
    // The timer was armed for a request that may since have been answered: the next oldest sets the next one.
    if (oldest) arm(oldest.deadline - now);
  }

  return (_c, next) => {
    const started = performance.now();
    const request: InFlight = { deadline: started + ms, fail: noop, older: newest, newer: undefined };
    if (newest) newest.newer = request;
    else oldest = request;
    newest = request;
    if (timer === undefined) arm(ms);
    return new Promise<void>((resolve, reject) => {
      request.fail = reject;
      next().then(
        () => {
          if (request.fail === noop) return;
          request.fail = noop;
          leave(request);
          resolve();
        },
        (error: unknown) => {
          if (request.fail === noop) return;
          request.fail = noop;
          leave(request);
          reject(error);
        },
      );
    });
  };
}

function noop() {}
