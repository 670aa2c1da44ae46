import { type RequestLogOptions, requestLine } from '@mostrador/server-kit/http';
import type { Logger } from '@mostrador/server-kit/logger';
import type { Context } from 'hono';
import type { Step } from './steps.ts';

/**
 * The request log as a step (decision 0150: one line per request, the marketplace's included): its clock starts as
 * the request enters and the line is written as it leaves, after every step further in has left, with the status the
 * request was answered. A step, not one holding the rest in its hands: no promise of its own (decision 0210).
 */
export function requestLogStep(logger: Logger, options: RequestLogOptions): Step {
  const line = requestLine(logger, options);
  const started = new WeakMap<Context, number>();
  return {
    enter(c) {
      started.set(c, performance.now());
      return undefined;
    },
    leave(c) {
      line(c, started.get(c) ?? performance.now());
    },
  };
}
