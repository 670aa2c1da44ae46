import { errorBodySchema } from '@mostrador/contracts';
import { errorRenderer, requestLog } from '@mostrador/server-kit/http';
import type { Logger } from '@mostrador/server-kit/logger';
import { Hono } from 'hono';
import { applicationsModule } from './applications/index.ts';
import { createCurrencyRepository } from './currencies/currency-repository.ts';
import { currenciesModule, currencyConversionsModule } from './currencies/index.ts';
import type { Store } from './db/store.ts';
import { type Clock, systemClock } from './domain/time.ts';
import { createFaultRuleRepository } from './faults/fault-rule-repository.ts';
import { simulatedFaults } from './faults/simulated-faults.ts';
import { createFeedbackRepository } from './feedback/feedback-repository.ts';
import { feedbackModule } from './feedback/index.ts';
import { ApiError } from './http/api-error.ts';
import type { ApiEnv, Faults, PlatformOptions } from './http/env.ts';
import { openApiDocument } from './http/openapi.ts';
import {
  type ApiModule,
  METHODS,
  type Method,
  methodNotAllowed,
  mountModule,
  ResourceTable,
} from './http/resources.ts';
import { classifiedLocationsModule } from './locations/index.ts';
import { createLocationRepository } from './locations/location-repository.ts';
import { attributes } from './middleware/attributes/index.ts';
import { authenticate } from './middleware/auth/index.ts';
import { jsonp } from './middleware/jsonp/index.ts';
import { describeResource } from './middleware/options/index.ts';
import { myFeedsModule } from './notifications/index.ts';
import { createOutboxRepository } from './notifications/outbox-repository.ts';
import { createCallers } from './oauth/callers.ts';
import {
  authorizationFontModule,
  authorizationModule,
  authorizationStylesheetModule,
  oauthModule,
} from './oauth/index.ts';
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
 * Every module of the API, each at its URL prefix: the one table that OPTIONS, the OpenAPI document, the 405 answer
 * and the BFF's allowlist are made from (`createMarketplaceApi` mounts each with what it needs). The authorization
 * server comes first: it is mounted before the bearer token is read.
 */
const openApi = openApiModule(apiDocument);
export const API_MODULES: readonly ApiModule[] = [
  authorizationModule,
  authorizationStylesheetModule,
  authorizationFontModule,
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
  openApi,
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
  /** Called with each unexpected error; never with request data. */
  onUnexpectedError?: (error: unknown) => void;
  /** Structured, redacting logger: one line per request and unexpected errors. */
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
  /**
   * Where the API answers (Hono's `basePath`): `/api` when served on the dashboard's origin, as the BFF does, so the
   * browser's requests reach it at the paths they name. The API's own root by default.
   */
  basePath?: string;
}

/**
 * The marketplace API as a Hono app, at its own root or under `basePath`: the spec's conventions as
 * middleware in front of every route (the request log, JSONP, `attributes`, OPTIONS), the authorization server,
 * then the bearer token, then each module at its prefix with the repositories it needs.
 */
export function createMarketplaceApi(deps: MarketplaceDeps): Hono<ApiEnv> {
  const { store } = deps;
  const clock = deps.clock ?? systemClock;
  const faults = deps.faults ?? {};
  const platform: PlatformOptions = {
    localUse: deps.localUse ?? false,
    operatorToken: deps.operatorToken ?? null,
  };
  const tokens = createTokenRepository(store.db, store.read);
  const orders = createOrderRepository(store.db, store.read ? { read: store.read } : {});
  const shipments = createShipmentRepository(store.db);
  const users = createUserRepository(store.db, store.keyring);
  const operators = createOperatorRepository(store.db, store.read);
  const accessLog = createAccessLogRepository(store.db, store.group);
  const orderWrites = createOrderWriteRepository(store.db, store.group);
  const feedback = createFeedbackRepository(store.db, store.group);
  const outbox = createOutboxRepository(store.db);
  const accounts = createAccountRepository(store.db);
  const readModel = createOrderReadModel({ store, orders, shipments, accessLog, clock, faults });

  const basePath = deps.basePath ?? '';
  const app = new Hono<ApiEnv>().basePath(basePath);
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

  if (deps.logger && deps.requestLog !== false) app.use(requestLog(deps.logger, { basePath }));
  app.use(jsonp);
  app.use(attributes);
  // Local use: faults on purpose, asked for by header or set by `npm run faults` (decision 0293).
  if (platform.localUse) {
    const rules = createFaultRuleRepository(store.db, store.group);
    app.use(simulatedFaults({ rules, changes: store.changes, basePath }));
  }
  app.options('*', describeResource(API_TABLE, basePath, platform));

  const oauth = { clock, oauth: createOAuthRepository(store.db), operators };
  app.route('/authorization', mountModule(authorizationModule, oauth));
  app.route('/authorization.css', mountModule(authorizationStylesheetModule, oauth));
  app.route('/authorization-font.woff2', mountModule(authorizationFontModule, oauth));
  app.route('/oauth', mountModule(oauthModule, oauth));

  app.use(authenticate(createCallers(tokens), store.changes, clock));
  app.route(
    '/orders',
    mountModule(ordersModule, { orders, readModel, operators, platform, clock, orderWrites, feedback }),
  );
  app.route('/feedback', mountModule(feedbackModule, { clock, feedback, orders, readModel, operators }));
  app.route(
    '/shipments',
    mountModule(shipmentsModule, { clock, orderWrites, platform, shipments, operators }),
  );
  const currencies = { currencies: createCurrencyRepository(store.db) };
  app.route('/currencies', mountModule(currenciesModule, currencies));
  app.route('/currency_conversions', mountModule(currencyConversionsModule, currencies));
  const blocklists = { blocks: createBlockRepository(store.db), clock, users, operators };
  app.route('/users', mountModule(usersModule, { ...blocklists, accessLog, faults, platform, accounts }));
  app.route('/block-api', mountModule(blockApiModule, blocklists));
  app.route('/applications', mountModule(applicationsModule, { accounts, clock, users, outbox }));
  app.route('/sites', mountModule(sitesModule, { itemSearch: createItemSearchRepository(store.db), users }));
  app.route(
    '/classified_locations',
    mountModule(classifiedLocationsModule, { locations: createLocationRepository(store.db) }),
  );
  app.route('/reviews', mountModule(reviewsModule, { reviews: createReviewRepository(store.db) }));
  app.route('/myfeeds', mountModule(myFeedsModule, { clock, outbox }));
  app.route('/openapi.json', mountModule(openApi, {}));

  // A known path with a method it does not serve: 405 rather than "not found".
  app.all('*', (c) => {
    const resource = API_TABLE.match(c.req.path.slice(basePath.length) || '/');
    if (resource) throw methodNotAllowed(c.req.method, resource);
    throw new ApiError('not_found', { message: 'resource not found' });
  });
  return app;
}
