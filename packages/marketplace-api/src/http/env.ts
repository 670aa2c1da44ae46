import type { AuthVariables } from '../middleware/auth/index.ts';
import type { Caller } from '../oauth/token-repository.ts';
import type { OrderMember } from '../orders/read-model/index.ts';
import { ApiError } from './api-error.ts';

/** What the API's middleware puts on a request's context: who calls, and the store's change sequence. */
export type ApiEnv = { Variables: AuthVariables };

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
