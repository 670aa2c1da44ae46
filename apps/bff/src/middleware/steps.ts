import type { Context, Env, ErrorHandler, MiddlewareHandler } from 'hono';

/**
 * One of the BFF's steps around every request (decision 0208): security headers, the host check, the request log,
 * the limits, CSRF… Each is what a Hono middleware would be, cut at its `await next()`:
 * - `enter` runs before the answer is made. An answer it returns ends the request there (a refusal).
 * - `leave` runs once the answer is known, the last step first, on whatever the request was answered: a handler's
 *   answer, a later step's refusal or a rendered error.
 * - `around` is a middleware for the rare step that must hold the rest of the request in its hands (the time limit,
 *   a body counted as it arrives): it gets the remaining steps and the handler as its `next`. With `holds`, only the
 *   requests it names are held; the others pass the step by, at no cost.
 *
 * Most steps only enter or only leave, and neither needs a promise of its own: a request passes a dozen of them
 * without the dozen promises, closures and turns of the event loop that a dozen middlewares cost (about a third of
 * an order read's CPU, decision 0208).
 */
// biome-ignore lint/suspicious/noExplicitAny: as Hono's own `MiddlewareHandler`, a step that reads no variables fits any app.
export interface Step<E extends Env = any> {
  enter?(c: Context<E>): Response | undefined | Promise<Response | undefined>;
  leave?(c: Context<E>): void | Promise<void>;
  around?: MiddlewareHandler<E>;
  /** Whether `around` holds this request; every request when absent. */
  holds?(c: Context<E>): boolean;
}

/** What answers the request once every step has let it in. An answer it returns becomes the request's. */
export type Answer<E extends Env> = (c: Context<E>) => Promise<unknown>;

/**
 * Runs the steps and then `answer`, with the semantics of Hono's own middleware chain: an error becomes the
 * answer where it is thrown (rendered by `onError`, as the app's `onError` would), and every step that entered
 * leaves, last first, on the answer the request ends with. Resolves once the request's answer (`c.res`) is final.
 */
export function runSteps<E extends Env>(
  c: Context<E>,
  steps: readonly Step<E>[],
  answer: Answer<E>,
  onError: ErrorHandler<E>,
): Promise<void> {
  return run(c, steps, answer, onError, 0);
}

/** `c.res = answer`, as Hono's chain assigns what a middleware or handler returns. */
function settle(c: Context, answer: unknown, isError: boolean) {
  if (answer instanceof Response && (c.finalized === false || isError)) c.res = answer;
}

async function render<E extends Env>(c: Context<E>, error: unknown, onError: ErrorHandler<E>) {
  // Hono renders only errors; anything else thrown goes on up, as it would there.
  if (!(error instanceof Error)) throw error;
  c.error = error;
  settle(c, await onError(error, c), true);
}

async function run<E extends Env>(
  c: Context<E>,
  steps: readonly Step<E>[],
  answer: Answer<E>,
  onError: ErrorHandler<E>,
  from: number,
): Promise<void> {
  // The steps from `from` to `entered` (excluded) let the request in, and leave.
  let entered = from;
  try {
    for (; entered < steps.length; entered++) {
      const step = steps[entered]!;
      if (step.around && (step.holds === undefined || step.holds(c))) {
        const at = entered;
        try {
          settle(c, await step.around(c, () => run(c, steps, answer, onError, at + 1)), false);
        } catch (error) {
          await render(c, error, onError);
        }
        break;
      }
      if (step.enter) {
        let refusal = step.enter(c);
        if (refusal instanceof Promise) refusal = await refusal;
        if (refusal) {
          settle(c, refusal, false);
          break;
        }
      }
    }
    if (entered === steps.length) settle(c, await answer(c), false);
  } catch (error) {
    await render(c, error, onError);
  }
  // The step that refused, failed or held the rest in its hands (at `entered`) has no leaving of its own.
  for (let i = entered - 1; i >= from; i--) {
    const step = steps[i]!;
    if (!step.leave) continue;
    try {
      const left = step.leave(c);
      if (left instanceof Promise) await left;
    } catch (error) {
      await render(c, error, onError);
    }
  }
}

/** The steps as one Hono middleware: for the routes a Hono app answers (the BFF's own, the SPA's files). */
export function stepsMiddleware<E extends Env>(
  steps: readonly Step<E>[],
  onError: ErrorHandler<E>,
): MiddlewareHandler<E> {
  return (c, next) => runSteps(c, steps, () => next(), onError);
}
