import type { CurrencyRepository } from '../currencies/currency-repository.ts';
import type { Clock } from '../domain/time.ts';
import type { FeedbackRepository } from '../feedback/feedback-repository.ts';
import type { LocationRepository } from '../locations/location-repository.ts';
import type { AuthVariables } from '../middleware/auth/index.ts';
import type { OutboxRepository } from '../notifications/outbox-repository.ts';
import type { OAuthRepository } from '../oauth/oauth-repository.ts';
import type { Caller, TokenRepository } from '../oauth/token-repository.ts';
import type { OrderRepository } from '../orders/order-repository.ts';
import type { OrderWriteRepository } from '../orders/order-write-repository.ts';
import type { OrderMember, OrderReadModel } from '../orders/read-model/index.ts';
import type { ReviewRepository } from '../reviews/review-repository.ts';
import type { ShipmentRepository } from '../shipments/shipment-repository.ts';
import type { ItemSearchRepository } from '../sites/item-search-repository.ts';
import type { AccessLogRepository } from '../users/access-log-repository.ts';
import type { AccountRepository } from '../users/account-repository.ts';
import type { BlockRepository } from '../users/block-repository.ts';
import type { OperatorRepository } from '../users/operator-repository.ts';
import type { UserRepository } from '../users/user-repository.ts';
import { ApiError } from './api-error.ts';

export type ApiEnv = { Variables: AuthVariables };

/** Members of an order that are loaded on their own and may be missing from a 206 answer (spec 4.1). */
export type { OrderMember };

/** Test seams for failure paths that cannot be provoked from outside (spec 4.1's 206). */
export interface Faults {
  failMember?: (member: OrderMember, orderId: number) => boolean;
  /** A part of `GET /users/{id}` that fails to load, answered 206 (spec 4.3). */
  failUserPart?: (part: 'seller_reputation' | 'buyer_reputation', userId: number) => boolean;
}

export interface ApiContext {
  clock: Clock;
  faults: Faults;
  orders: OrderRepository;
  /** Order reads and searches, and who a token stands for: everything kept in memory is behind it. */
  readModel: OrderReadModel;
  shipments: ShipmentRepository;
  currencies: CurrencyRepository;
  tokens: TokenRepository;
  users: UserRepository;
  blocks: BlockRepository;
  accessLog: AccessLogRepository;
  accounts: AccountRepository;
  itemSearch: ItemSearchRepository;
  locations: LocationRepository;
  reviews: ReviewRepository;
  feedback: FeedbackRepository;
  orderWrites: OrderWriteRepository;
  outbox: OutboxRepository;
  platform: PlatformOptions;
  oauth: OAuthRepository;
  /** Seller teams (docs/decisions/0100-team-access.md). */
  operators: OperatorRepository;
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
