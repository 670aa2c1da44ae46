import { setTimeout as wait } from 'node:timers/promises';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { ChangeSequence } from '@mostrador/server-kit/store';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError, badRequest } from '../http/api-error.ts';
import type { ApiEnv } from '../http/env.ts';
import type { FaultRuleRepository } from './fault-rule-repository.ts';
import { faultRulesAt } from './fault-rule-repository.ts';
import { requestRuleFor } from './fault-rules.ts';
import { faultText, parseFault, type RequestFault } from './fault-spec.ts';

/** The request header that asks the embedded API, in local use, for a fault (decision 0293). */
export const SIMULATE_FAULT = 'x-simulate-fault';

/** What the header does: for OPTIONS and the OpenAPI document. */
export const SIMULATE_FAULT_DESCRIPTION =
  'Local use only (the embedded API of npm start; ignored elsewhere): answer this request with a fault, to test a ' +
  "client's retries. Items separated by `;`: `status=500`, `status=503` or `status=429` (the spec's error body; " +
  '429 with `Retry-After`, 1 s unless `retry-after=S`, 0–86400, which 503 takes too), `delay=MS` (1–60000: the ' +
  'answer, or the fault, comes that much later), `drop` (the connection is closed without an answer). Rules for ' +
  'requests that do not carry it are set with `npm run faults`. Anything else is 400.';

export const SIMULATE_FAULT_EXAMPLES = ['status=503', 'status=429; retry-after=30', 'delay=1500', 'drop'];

const CODES = { 500: 'internal_error', 503: 'service_unavailable', 429: 'too_many_requests' } as const;

export interface SimulatedFaultsDeps {
  rules: FaultRuleRepository;
  changes: ChangeSequence;
  /** Where the API answers (`/api` in the BFF): rule paths are under it. */
  basePath: string;
}

/**
 * Local use only (mounted by `createMarketplaceApi` when `localUse`): answers a request with the fault its
 * `X-Simulate-Fault` header asks for, else with the first rule of `npm run faults` that matches it, else lets it
 * through. The rules are read again whenever the store's change sequence moved, so running servers follow a command
 * from their next request on; the request's reading of the sequence is the one `authenticate` uses too.
 */
export function simulatedFaults(deps: SimulatedFaultsDeps): MiddlewareHandler<ApiEnv> {
  const rulesAt = faultRulesAt(deps.rules);
  return async (c, next) => {
    let version: Promise<number> | undefined;
    c.set('storeVersion', () => {
      version ??= deps.changes.read();
      return version;
    });
    const asked = c.req.header(SIMULATE_FAULT);
    if (asked !== undefined) {
      const parsed = parseFault(asked);
      if (!parsed.ok || parsed.fault.kind !== 'request') {
        const problems = parsed.ok
          ? ['deliver=… is a fault of notifications, set by npm run faults']
          : parsed.problems;
        throw badRequest(
          `${SIMULATE_FAULT} takes status=500|503|429, retry-after=S, delay=MS or drop`,
          problems.map((message) => ({ code: 'invalid_header', message: `${SIMULATE_FAULT}: ${message}` })),
        );
      }
      return answer(c, next, parsed.fault, `asked for with ${SIMULATE_FAULT}: ${faultText(parsed.fault)}`);
    }
    const rules = await rulesAt(await c.var.storeVersion());
    if (rules.length === 0) return next();
    const rule = requestRuleFor(rules, c.req.method, c.req.path.slice(deps.basePath.length) || '/');
    if (!rule || !(await deps.rules.take(rule))) return next();
    return answer(c, next, rule.fault, `rule ${rule.id} of npm run faults: ${faultText(rule.fault)}`);
  };
}

async function answer(c: Context<ApiEnv>, next: () => Promise<void>, fault: RequestFault, why: string) {
  // A client that gives up while it waits ends the wait; its answer goes nowhere.
  if (fault.delayMs > 0) await wait(fault.delayMs, undefined, { signal: c.req.raw.signal }).catch(() => {});
  if (fault.drop) return dropConnection(c);
  if (fault.status !== null) {
    throw new ApiError(CODES[fault.status], {
      cause: [{ code: 'simulated_fault', message: why }],
      headers: fault.retryAfter !== null ? { 'Retry-After': String(fault.retryAfter) } : {},
    });
  }
  await next();
  return c.res;
}

/**
 * Closes the request's connection without an answer, through the connection @hono/node-server hands the app
 * (`c.env.incoming`), and tells it the answer was dealt with. Called in process without a connection (tests,
 * `app.request`), the answer's body fails as a cut connection's would.
 */
function dropConnection(c: Context<ApiEnv>): Response {
  const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket;
  if (socket) {
    socket.destroy();
    return RESPONSE_ALREADY_SENT;
  }
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new TypeError('connection dropped (X-Simulate-Fault)'));
      },
    }),
  );
}
