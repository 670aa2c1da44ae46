import { errorBodySchema } from '@mostrador/contracts';
import { errorRenderer, requestLog } from '@mostrador/server-kit/http';
import type { Logger } from '@mostrador/server-kit/logger';
import { Hono } from 'hono';
import { createCurrencyRepository } from './currencies/currency-repository.ts';
import { currencyResources, currencyRoutes } from './currencies/routes.ts';
import type { Store } from './db/store.ts';
import { type Clock, systemClock } from './domain/time.ts';
import { createFeedbackRepository } from './feedback/feedback-repository.ts';
import { feedbackResources, feedbackRoutes } from './feedback/routes.ts';
import { ApiError } from './http/api-error.ts';
import { authenticate } from './http/auth.ts';
import { conventions } from './http/conventions.ts';
import type { ApiContext, ApiEnv, Faults } from './http/env.ts';
import { openApiDocument, optionsHandler, type ResourceDescription } from './http/resources.ts';
import { createLocationRepository } from './locations/location-repository.ts';
import { locationResources, locationRoutes } from './locations/routes.ts';
import { createOutboxRepository } from './notifications/outbox-repository.ts';
import { notificationResources, notificationRoutes } from './notifications/routes.ts';
import { createOAuthRepository } from './oauth/oauth-repository.ts';
import { oauthResources, oauthRoutes } from './oauth/routes.ts';
import { createTokenRepository } from './oauth/token-repository.ts';
import { orderLifecycleResources, orderLifecycleRoutes } from './orders/lifecycle-routes.ts';
import { createOrderRepository } from './orders/order-repository.ts';
import { createOrderWriteRepository } from './orders/order-write-repository.ts';
import { createOrderReadModel } from './orders/read-model/index.ts';
import { orderResources, orderRoutes } from './orders/routes.ts';
import { createReviewRepository } from './reviews/review-repository.ts';
import { reviewResources, reviewRoutes } from './reviews/routes.ts';
import { shipmentResources, shipmentRoutes } from './shipments/routes.ts';
import { createShipmentRepository } from './shipments/shipment-repository.ts';
import { createItemSearchRepository } from './sites/item-search-repository.ts';
import { siteSearchResources, siteSearchRoutes } from './sites/routes.ts';
import { createAccessLogRepository } from './users/access-log-repository.ts';
import { createAccountRepository } from './users/account-repository.ts';
import { createBlockRepository } from './users/block-repository.ts';
import { blocklistResources, blocklistRoutes } from './users/blocklist-routes.ts';
import { createOperatorRepository } from './users/operator-repository.ts';
import { userResourceResources, userResourceRoutes } from './users/resource-routes.ts';
import { userResources, userRoutes } from './users/routes.ts';
import { teamResources, teamRoutes } from './users/team-routes.ts';
import { createUserRepository } from './users/user-repository.ts';

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

const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

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
  const resources: ResourceDescription[] = [
    ...orderResources,
    ...shipmentResources,
    ...currencyResources,
    ...userResources,
    ...userResourceResources,
    ...blocklistResources,
    ...siteSearchResources,
    ...locationResources,
    ...reviewResources,
    ...feedbackResources,
    ...orderLifecycleResources,
    ...notificationResources,
    ...oauthResources,
    ...teamResources,
  ];
  const openApi = JSON.stringify(openApiDocument(resources, errorBodySchema));

  const app = new Hono<ApiEnv>().basePath(deps.basePath ?? '');

  app.onError(
    errorRenderer({
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
    }),
  );
  app.notFound(() => {
    throw new ApiError('not_found', { message: 'resource not found' });
  });

  if (deps.logger && deps.requestLog !== false)
    app.use(requestLog(deps.logger, { basePath: deps.basePath ?? '' }));
  app.use(conventions);
  app.options('*', optionsHandler(resources, deps.basePath ?? ''));
  app.get('/openapi.json', (c) => c.body(openApi, 200, JSON_TYPE));
  // Before `authenticate`: the OAuth endpoints authenticate clients and users themselves, never by bearer token.
  app.route('/', oauthRoutes(ctx));
  app.use(authenticate(ctx.readModel.caller, clock));
  app.route('/', orderRoutes(ctx));
  app.route('/shipments', shipmentRoutes(ctx));
  app.route('/', currencyRoutes(ctx));
  app.route('/users', userRoutes(ctx));
  app.route('/', userResourceRoutes(ctx));
  app.route('/', blocklistRoutes(ctx));
  app.route('/sites', siteSearchRoutes(ctx));
  app.route('/classified_locations', locationRoutes(ctx));
  app.route('/reviews', reviewRoutes(ctx));
  app.route('/', feedbackRoutes(ctx));
  app.route('/', orderLifecycleRoutes(ctx));
  app.route('/', notificationRoutes(ctx));
  app.route('/users', teamRoutes(ctx));

  // A known path with a method it does not serve: 405 rather than "not found".
  app.all('*', (c) => {
    const path = new URL(c.req.url).pathname.slice((deps.basePath ?? '').length);
    const known = resources.some((r) => new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
    if (known) throw new ApiError('method_not_allowed', { message: `${c.req.method} is not allowed here` });
    throw new ApiError('not_found', { message: 'resource not found' });
  });
  return app;
}
