import { errorBodySchema } from '@mostrador/contracts';
import { errorRenderer, requestLog } from '@mostrador/server-kit/http';
import type { Logger } from '@mostrador/server-kit/logger';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { applicationsModule } from './applications/index.ts';
import { createCurrencyRepository } from './currencies/currency-repository.ts';
import { currenciesModule, currencyConversionsModule } from './currencies/index.ts';
import type { Store } from './db/store.ts';
import { type Clock, systemClock } from './domain/time.ts';
import { createFeedbackRepository } from './feedback/feedback-repository.ts';
import { feedbackModule } from './feedback/index.ts';
import { ApiError } from './http/api-error.ts';
import type { ApiContext, ApiEnv, Faults } from './http/env.ts';
import { openApiDocument } from './http/openapi.ts';
import {
  type ApiModule,
  METHODS,
  type Method,
  methodNotAllowed,
  mountModule,
  ResourceTable,
} from './http/resources.ts';
import { RouteMemo } from './http/route-memo.ts';
import { classifiedLocationsModule } from './locations/index.ts';
import { createLocationRepository } from './locations/location-repository.ts';
import { attributes, mayNameAttributes } from './middleware/attributes/index.ts';
import { authenticate } from './middleware/auth/index.ts';
import { jsonp, mayNameCallback } from './middleware/jsonp/index.ts';
import { describeResource } from './middleware/options/index.ts';
import { myFeedsModule } from './notifications/index.ts';
import { createOutboxRepository } from './notifications/outbox-repository.ts';
import { authorizationModule, authorizationStylesheetModule, oauthModule } from './oauth/index.ts';
import { createOAuthRepository } from './oauth/oauth-repository.ts';
import { createTokenRepository } from './oauth/token-repository.ts';
import { openApiModule } from './openapi/index.ts';
import { ordersModule } from './orders/index.ts';
import { createOrderRepository } from './orders/order-repository.ts';
import { createOrderWriteRepository } from './orders/order-write-repository.ts';
import { createOrderReadModel } from './orders/read-model/index.ts';
import { reviewsModule } from './reviews/index.ts';
import { createReviewRepository } from './reviews/review-repository.ts';
import { shipmentsModule } from './shipments/index.ts';
import { createShipmentRepository } from './shipments/shipment-repository.ts';
import { sitesModule } from './sites/index.ts';
import { createItemSearchRepository } from './sites/item-search-repository.ts';
import { createAccessLogRepository } from './users/access-log-repository.ts';
import { createAccountRepository } from './users/account-repository.ts';
import { createBlockRepository } from './users/block-repository.ts';
import { blockApiModule, usersModule } from './users/index.ts';
import { createOperatorRepository } from './users/operator-repository.ts';
import { createUserRepository } from './users/user-repository.ts';

let documentText: string | undefined;
const apiDocument = () => {
  documentText ??= JSON.stringify(openApiDocument(API_MODULES, errorBodySchema));
  return documentText;
};

/**
 * Every module of the API, each at its URL prefix: the one table that the routes, OPTIONS, the OpenAPI document,
 * the 405 answer and the BFF's allowlist are made from. The authorization server comes first: it is mounted before
 * the bearer token is read.
 */
export const API_MODULES: readonly ApiModule[] = [
  authorizationModule,
  authorizationStylesheetModule,
  oauthModule,
  ordersModule,
  feedbackModule,
  shipmentsModule,
  currenciesModule,
  currencyConversionsModule,
  usersModule,
  blockApiModule,
  applicationsModule,
  sitesModule,
  classifiedLocationsModule,
  reviewsModule,
  myFeedsModule,
  openApiModule(apiDocument),
];
const API_TABLE = new ResourceTable(API_MODULES);

/** A documented path of the API and the methods it serves: what a proxy in front of it may let through. */
export interface ApiPath {
  path: string;
  methods: readonly Method[];
  /** Also reached with its last parameter empty (`/orders/`). */
  emptyLastParameter: boolean;
  /** The authorization server's: never sent with a user's bearer token. */
  ownAuthentication: boolean;
}

export const API_PATHS: readonly ApiPath[] = API_MODULES.flatMap((module) =>
  module.resources.map((resource) => ({
    path: resource.path,
    methods: METHODS.filter((method) => resource.methods[method] !== undefined),
    emptyLastParameter: resource.emptyLastParameter ?? false,
    ownAuthentication: module.ownAuthentication ?? false,
  })),
);

export interface MarketplaceDeps {
  store: Store;
  clock?: Clock;
  faults?: Faults;
  /** Where the app is mounted (`/api`), so OPTIONS can match paths; '' when served at the root. */
  basePath?: string;
  /** Called with each unexpected error; never with request data. */
  onUnexpectedError?: (error: unknown) => void;
  /** Structured, redacting logger (logging/logger.ts): one line per request and unexpected errors. */
  logger?: Logger;
  /** Whether each request gets its line (default true); off when the server in front writes one per request. */
  requestLog?: boolean;
  /**
   * Local use (a developer's machine, the demo): applications may have plain-HTTP callbacks to loopback addresses,
   * and an order's parties may trigger platform operations such as fraud alerts. Off by default.
   */
  localUse?: boolean;
  /** Secret that lets the platform's own tools (the simulator) run platform operations, as `X-Operator-Token`. */
  operatorToken?: string;
}

export function createMarketplaceApi(deps: MarketplaceDeps) {
  const { store } = deps;
  const clock = deps.clock ?? systemClock;
  const faults = deps.faults ?? {};
  const orders = createOrderRepository(store.db, { ...(store.read ? { read: store.read } : {}) });
  const shipments = createShipmentRepository(store.db);
  const tokens = createTokenRepository(store.db, store.read);
  const accessLog = createAccessLogRepository(store.db, store.auditDb, store.auditJournal);
  const ctx: ApiContext = {
    clock,
    faults,
    orders,
    readModel: createOrderReadModel({ store, orders, shipments, tokens, accessLog, clock, faults }),
    shipments,
    currencies: createCurrencyRepository(store.db),
    tokens,
    users: createUserRepository(store.db, store.keyring),
    blocks: createBlockRepository(store.db),
    accessLog,
    accounts: createAccountRepository(store.db),
    itemSearch: createItemSearchRepository(store.db),
    locations: createLocationRepository(store.db),
    reviews: createReviewRepository(store.db),
    feedback: createFeedbackRepository(store.db),
    orderWrites: createOrderWriteRepository(store.db, store.group),
    outbox: createOutboxRepository(store.db),
    platform: { localUse: deps.localUse ?? false, operatorToken: deps.operatorToken ?? null },
    oauth: createOAuthRepository(store.db),
    operators: createOperatorRepository(store.db, store.read),
  };
  const authentication = authenticate(ctx.readModel.caller, clock);
  // The API twice over, the same routes and the same handlers (decision 0213). The first has the conventions of
  // spec 4.5 and 4.6 as middleware in front of every route: `callback` (JSONP) and `attributes` rewrite an answer
  // once it is made, whatever made it. The second is for the requests that name neither, nearly all of them: the
  // bearer token is read in front of each route's own handler rather than as a middleware of its own, and a path no
  // route takes is answered by the not-found handler, so a request matches one handler, which Hono calls as it is
  // rather than through its chain of middleware, a promise and a turn per link.
  const app = routes(deps, ctx, authentication, true);
  const direct = routes(deps, ctx, authentication, false);
  const withConventions = app.fetch;
  app.fetch = (request, env, executionCtx) =>
    asksForConventions(request.url)
      ? withConventions(request, env, executionCtx)
      : direct.fetch(request, env, executionCtx);
  return app;
}

/**
 * Whether a request may name a parameter of the conventions: the very tests the middleware of `jsonp` and
 * `attributes` make before they parse a URL, so a request that does not pass this would pass them by in either app.
 */
const asksForConventions = (url: string) => mayNameCallback(url) || mayNameAttributes(url);

function routes(
  deps: MarketplaceDeps,
  ctx: ApiContext,
  authentication: MiddlewareHandler<ApiEnv>,
  conventions: boolean,
): Hono<ApiEnv> {
  const basePath = deps.basePath ?? '';
  const app = new Hono<ApiEnv>({ router: new RouteMemo() }).basePath(basePath);

  const onError = errorRenderer({
    internalError: new ApiError('internal_error').body(),
    // Hono's own refusals (body limits) below 500 keep their status with the spec's body.
    httpException: (error) =>
      error.status < 500
        ? new ApiError(error.status === 413 ? 'payload_too_large' : 'bad_request', { status: error.status })
        : undefined,
    onUnexpected: (error) => {
      deps.onUnexpectedError?.(error);
      deps.logger?.error({ err: error }, 'unexpected error');
    },
  });
  app.onError(onError);

  if (deps.logger && deps.requestLog !== false) app.use(requestLog(deps.logger, { basePath }));
  if (conventions) {
    app.use(jsonp);
    app.use(attributes);
  }
  app.options('*', describeResource(API_TABLE, basePath));
  const authorizationServer = API_MODULES.filter((m) => m.ownAuthentication);
  for (const module of authorizationServer) app.route(module.prefix, mountModule(module, ctx));
  // The bearer token is read after the authorization server's routes and before everything else, the answers for
  // paths no route takes included: a middleware where the conventions' are, in front of each handler elsewhere.
  if (conventions) app.use(authentication);
  const authenticated = conventions ? undefined : authentication;
  for (const module of API_MODULES.filter((m) => !m.ownAuthentication)) {
    app.route(module.prefix, mountModule(module, ctx, authenticated));
  }

  // A known path with a method it does not serve: 405 rather than "not found".
  const unknown = (c: Context<ApiEnv>): never => {
    const path = new URL(c.req.url).pathname.slice(basePath.length);
    const resource = API_TABLE.match(path);
    if (resource) throw methodNotAllowed(c.req.method, resource);
    throw new ApiError('not_found', { message: 'resource not found' });
  };
  if (conventions) {
    app.notFound(() => {
      throw new ApiError('not_found', { message: 'resource not found' });
    });
    app.all('*', unknown);
  } else {
    // Answered here, refusals included: a middleware in front (the request log) sees the status it ends with.
    app.notFound(async (c) => {
      try {
        return (await authentication(c, async () => unknown(c))) as Response;
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        return onError(error, c);
      }
    });
  }
  return app;
}
