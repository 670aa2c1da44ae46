import { type RequestLogOptions, requestLine } from '@mostrador/server-kit/http';
import type { Logger } from '@mostrador/server-kit/logger';
import type { Context } from 'hono';
import type { Step } from './steps.ts';

/** The context's variable that holds when the request entered. */
const STARTED = 'requestLogStarted';

/**
 * The request log as a step (decision 0150: one line per request, the marketplace's included): its clock starts as
 * the request enters and the line is written as it leaves, after every step further in has left, with the status the
 * request was answered. A step, not one holding the rest in its hands: no promise of its own (decision 0210).
 */
export function requestLogStep(logger: Logger, options: RequestLogOptions): Step {
  const line = requestLine(logger, options);
  return {
    enter(c: Context) {
      c.set(STARTED, performance.now());
      return undefined;
    },
    leave(c: Context) {
      line(c, (c.get(STARTED) as number | undefined) ?? performance.now());
    },
  };
}
