import type { Context } from 'hono';
import type { AuthVariables } from '../middleware/auth/index.ts';
import type { Caller } from '../oauth/token-repository.ts';
import type { OrderMember } from '../orders/read-model/index.ts';
import { ApiError } from './api-error.ts';

/**
 * What the API's middleware puts on a request's context: who calls, the store's change sequence, and the query
 * names the operation takes (set by its mount; `ownQuery` reads the query through them).
 */
export type ApiEnv = { Variables: AuthVariables & { queryNames?: ReadonlySet<string> } };

/** Test seams for failure paths that cannot be provoked from outside (spec 4.1's 206). */
export interface Faults {
  failMember?: (member: OrderMember, orderId: number) => boolean;
  /** A part of `GET /users/{id}` that fails to load, answered 206 (spec 4.3). */
  failUserPart?: (part: 'seller_reputation' | 'buyer_reputation', userId: number) => boolean;
}

/** How the marketplace runs: on a developer's machine (local use) or as a service; see MarketplaceDeps. */
export interface PlatformOptions {
  /** Local use: plain-HTTP loopback callbacks, and platform operations (fraud alerts) open to an order's parties. */
  localUse: boolean;
  /** Secret of the platform's own tools (the simulator), sent as `X-Operator-Token`; null when none. */
  operatorToken: string | null;
}

export function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw new ApiError('not_identified_user');
  return caller;
}

/** The query parameter a caller names itself with (spec 4.3, 7.2). */
export const CALLER_ID = 'caller.id';

/**
 * `caller.id`, where a caller gives it, must be the caller (decision 0275): spec 7.2's `caller.id.invalid` otherwise,
 * and `not_identified_user` when no token says who calls. Only URLs that may carry it are read.
 */
export function checkNamedCaller(c: Context<ApiEnv>): void {
  if (!c.req.url.includes('caller')) return;
  const named = c.req.query(CALLER_ID);
  if (named === undefined) return;
  const caller = requireCaller(c.get('caller'));
  if (named !== String(caller.userId)) throw new ApiError('caller.id.invalid');
}
