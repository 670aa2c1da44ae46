import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { errorBody } from '@mostrador/contracts';
import { errorRenderer, HttpError, renderError, requestLog } from '@mostrador/server-kit/http';
import type { Logger } from '@mostrador/server-kit/logger';
import { type Context, Hono } from 'hono';
import { createBlockNoteRepository } from './block-notes/block-note-repository.ts';
import { blockAudit, blockNoteRoutes } from './block-notes/block-note-routes.ts';
import type { BffStore } from './db/migrate.ts';
import { createEventSignal, type EventSignal } from './live-updates/event-signal.ts';
import { createLiveUpdates, type LiveUpdates, type LiveUpdatesOptions } from './live-updates/live-updates.ts';
import { createStreamRegistry, type StreamRegistry } from './live-updates/stream-registry.ts';
import { createLocationIndex } from './locations/location-index.ts';
import { locationSearchRoutes } from './locations/location-search-routes.ts';
import type { FetchApp } from './marketplace.ts';
import { bodySizeLimit } from './middleware/body-size-limit.ts';
import { type ClientAddress, connectionAddress, isLoopbackKey } from './middleware/client-address.ts';
import { compression, varyOnEncoding } from './middleware/compression.ts';
import { bringsOwnToken, csrfProtection } from './middleware/csrf.ts';
import { hostCheck } from './middleware/host-check.ts';
import { DEFAULT_LIMITS, type Limits, rateLimits } from './middleware/limits.ts';
import { noStore } from './middleware/no-store.ts';
import { requestTarget } from './middleware/request-target.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { type SessionEnv, sessionContext } from './middleware/session.ts';
import { timeLimit } from './middleware/time-limit.ts';
import { createOrderNoteRepository } from './order-notes/order-note-repository.ts';
import { orderNoteRoutes } from './order-notes/order-note-routes.ts';
import { createLanguages } from './preferences/languages.ts';
import { createPreferenceRepository } from './preferences/preference-repository.ts';
import { preferenceRoutes } from './preferences/preference-routes.ts';
import { apiForwarder } from './proxy/api-forwarder.ts';
import { createSavedViewRepository } from './saved-views/saved-view-repository.ts';
import { savedViewRoutes } from './saved-views/saved-view-routes.ts';
import { createSellerDayProjection, type SellerDayProjection } from './seller-day/seller-day-projection.ts';
import { createSellerDayRepository } from './seller-day/seller-day-repository.ts';
import { sellerDayRoutes } from './seller-day/seller-day-routes.ts';
import { createMarketplaceClient } from './session/marketplace-client.ts';
import { createSessionRepository } from './session/session-repository.ts';
import { sessionRoutes } from './session/session-routes.ts';
import { createSessions, type Sessions } from './session/sessions.ts';
import { type ClockControl, clockRoutes } from './simulator/clock-routes.ts';
import { type SimulatorControl, simulatorRoutes } from './simulator/simulator-routes.ts';
import { pageIn } from './spa-page.ts';

export interface BffDeps {
  /** The marketplace, answering at the paths the browser uses, under `/api` (`marketplace.ts`). */
  marketplace: FetchApp;
  /**
   * The BFF's tables (migrated: `openBffStore`, or `migrateBff` on the embedded marketplace's store) and the keyring
   * that seals the sessions' tokens.
   */
  store: BffStore;
  /** The BFF as an OAuth client of the marketplace. */
  oauth: {
    clientId: number;
    clientSecret: string;
    /** Absolute, or a path on the BFF's own origin (`/api/authorization` with the embedded marketplace). */
    authorizationUrl: string;
  };
  /** Origins browsers use; empty means "the request's own". Decides redirect URIs and cookie flags. */
  publicOrigins?: readonly string[];
  /** Folder of the built SPA (`dist/web`); when absent only `/api` and `/bff` are served. */
  staticDir?: string;
  limits?: Partial<Limits>;
  /** Epoch ms: the marketplace's time (its test clock in local use); tests move it to expire tokens and sessions. */
  now?: () => number;
  /**
   * Epoch ms for the limits, which count requests per minute of the machine's time: a test clock moved back must not
   * hold a window open for days. `now` unless given.
   */
  limitsNow?: () => number;
  /** Whom the limits count a request against; the TCP peer by default. */
  clientAddress?: ClientAddress;
  /** One line per request (method, path without query, status, time) and unexpected errors; redacting. */
  logger?: Logger;
  /** The notification receiver, its worker and the event stream (decisions 0051–0053). */
  liveUpdates?: LiveUpdatesOptions;
  /**
   * Local use: the BFF serves the embedded marketplace, and a loopback client is the dashboard's own user, whom the
   * invalid-request block and the sign-in limit never lock out (decision 0161).
   */
  localUse?: boolean;
  /** The marketplace's change simulator, in local use only (decision 0055). */
  simulator?: SimulatorControl;
  /** The embedded marketplace's test clock, in local use only (decision 0289). */
  testClock?: ClockControl;
  /** How instances on one database tell each other of new events; made from the store when absent. */
  eventSignal?: EventSignal;
}

export interface Bff {
  app: Hono<SessionEnv>;
  sessions: Sessions;
  streams: StreamRegistry;
  /** Start its worker with `liveUpdates.start()` (the server does). */
  liveUpdates: LiveUpdates;
  /** The seller's-day projection: `catchUpAll()` at start, `stop()` before the store closes. */
  sellerDay: SellerDayProjection;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The methods of every route that reads a body or changes state, the marketplace's included. */
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
const SIGN_IN = (c: Context) =>
  (c.req.method === 'GET' && c.req.path === '/bff/login') ||
  (c.req.method === 'POST' && c.req.path === '/bff/session');

/** Builds the backend-for-frontend: limits, security headers, CSRF, `/bff/*`, `/api` → marketplace, the SPA. */
export function createBffApp(deps: BffDeps): Bff {
  const now = deps.now ?? Date.now;
  const limits: Limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const origins = deps.publicOrigins ?? [];
  // One signal joins this instance to the others on the store: new events, and sessions that ended.
  const signal = deps.eventSignal ?? createEventSignal(deps.store);
  const streams = createStreamRegistry({
    signal,
    onError: (error) =>
      deps.logger?.error({ err: error }, 'closing the event streams of an ended session failed'),
  });
  const client = createMarketplaceClient({
    marketplace: deps.marketplace,
    clientId: deps.oauth.clientId,
    clientSecret: deps.oauth.clientSecret,
    now,
    timeoutMs: limits.timeoutMs,
  });
  const sessionRepo = createSessionRepository(deps.store.db);
  const sessions = createSessions({
    repo: sessionRepo,
    keyring: deps.store.keyring,
    client,
    streams,
    now,
  });
  const app = new Hono<SessionEnv>();

  // Every failure answers `{message, error, status, cause}`, whether a middleware or a route failed.
  app.onError(
    errorRenderer({
      internalError: errorBody('internal_error'),
      onUnexpected: (error, c) => deps.logger?.error({ err: error, path: c.req.path }, 'unexpected error'),
    }),
  );
  app.notFound((c) => renderError(c, new HttpError(errorBody('not_found', { message: 'No such route' }))));

  const languages = createLanguages({
    preferences: createPreferenceRepository(deps.store.db),
    sessions: sessionRepo,
    now,
  });
  const blockNotes = {
    sessions,
    repo: createBlockNoteRepository(deps.store.db, deps.store.keyring),
    marketplace: deps.marketplace,
    timeoutMs: limits.timeoutMs,
    now,
    onUnreadable: (where: { seller_id: number; buyer_id: number; list: string }) =>
      deps.logger?.error(where, 'block note could not be opened'),
  };
  const sellerDayRepo = createSellerDayRepository(deps.store.db, deps.store.group);
  const sellerDay = createSellerDayProjection({
    repo: sellerDayRepo,
    marketplace: deps.marketplace,
    tokenFor: (userId) => sessions.tokenForUser(userId),
    now,
    timeoutMs: limits.timeoutMs,
    onError: (error) => deps.logger?.error({ err: error }, 'seller projection failed'),
  });
  const liveUpdates = createLiveUpdates({
    db: deps.store.db,
    group: deps.store.group,
    sessions,
    streams,
    marketplace: deps.marketplace,
    applicationId: deps.oauth.clientId,
    now,
    signal,
    options: {
      onError: (error) => deps.logger?.error({ err: error }, 'notification worker failed'),
      onParked: (userId, reason) => deps.logger?.info({ user_id: userId, reason }, 'notification parked'),
      onOrderRead: (order, token) => sellerDay.orderRead(order, token),
      ...deps.liveUpdates,
    },
  });
  // What every request goes through, in this order, whatever answers it: the outer ones see every answer, the
  // refusals of those further in included.
  app.use(securityHeaders({ https: origins.length > 0 && origins.every((o) => o.startsWith('https://')) }));
  app.use(hostCheck(origins));
  app.use(requestTarget());
  // One line per request, the marketplace's included (decision 0150): the query of `/api` requests as the
  // marketplace logged it, and the path only elsewhere (queries carry codes and states on the callback).
  if (deps.logger) app.use(requestLog(deps.logger, { query: (path) => path.startsWith('/api/') }));
  // The platform's notifications (decision 0052): a server's deliveries, checked by their sender and their body, which
  // answer before the middleware that only browsers need (sessions, languages, the limits, compression, CSRF).
  app.route('/bff', liveUpdates.receiver);
  app.use('/api/*', noStore());
  app.use('/bff/*', noStore());
  // Inside the request log, so the time it logs includes compressing.
  app.use(compression());
  app.use(sessionContext(sessions, origins));
  app.use(languages.middleware());
  app.use(
    rateLimits({
      limits,
      now: deps.limitsNow ?? now,
      clientAddress: deps.clientAddress ?? connectionAddress,
      isSignIn: SIGN_IN,
      ...(deps.localUse ? { localUser: isLoopbackKey } : {}),
      sessionKey: (c: Context<SessionEnv>) =>
        bringsOwnToken(c)
          ? null
          : c.var.session().then((session) => (session ? `session:${session.idHash}` : null)),
    }),
  );
  app.use(timeLimit(limits.timeoutMs));
  // Only requests that may carry a body or change state meet these two (GET, HEAD and OPTIONS pass them by).
  app.on(WRITES, '*', bodySizeLimit(limits.bodyBytes));
  app.on(
    WRITES,
    '*',
    csrfProtection({
      origins: (c) => [new URL(c.req.url).origin, ...origins],
      authorizationServer: (path) => path === '/api/authorization' || path === '/api/oauth/token',
    }),
  );

  // The marketplace's API. `/api` itself is no resource of it: the forwarder's allowlist refuses it as any other.
  app.use('/api/users/*', blockAudit(blockNotes));
  app.all('/api/*', apiForwarder({ marketplace: deps.marketplace, sessions }));

  app.get('/bff/health', (c) => c.json({ status: 'ok' }));
  app.route(
    '/bff',
    sessionRoutes({
      sessions,
      client,
      clientId: deps.oauth.clientId,
      authorizationUrl: deps.oauth.authorizationUrl,
      origins,
      languages,
      log: deps.logger ? (event, fields) => deps.logger?.info(fields ?? {}, event) : undefined,
    }),
  );
  app.route('/bff', preferenceRoutes({ sessions, languages, origins }));
  app.route('/bff', blockNoteRoutes(blockNotes));
  app.route('/bff', savedViewRoutes({ sessions, repo: createSavedViewRepository(deps.store.db), now }));
  app.route(
    '/bff',
    orderNoteRoutes({
      sessions,
      repo: createOrderNoteRepository(deps.store.db, deps.store.keyring),
      marketplace: deps.marketplace,
      now,
      timeoutMs: limits.timeoutMs,
    }),
  );
  // What the dashboard may offer: recording a delivery is a local-use tool of the embedded marketplace.
  app.get('/bff/platform', (c) => c.json({ embedded: deps.localUse === true }));
  app.route(
    '/bff',
    locationSearchRoutes(
      createLocationIndex({ marketplace: deps.marketplace, now, timeoutMs: limits.timeoutMs }),
    ),
  );
  app.route('/bff', sellerDayRoutes({ sessions, repo: sellerDayRepo, projection: sellerDay, now }));
  app.route('/bff', liveUpdates.routes);
  app.route('/bff', simulatorRoutes({ control: deps.simulator, sessions }));
  app.route('/bff', clockRoutes({ control: deps.testClock, sessions }));
  app.all('/bff/*', (c) => c.json(errorBody('not_found', { message: 'No such BFF route' }), 404));

  const staticDir = deps.staticDir;
  if (staticDir && existsSync(staticDir)) {
    const indexFile = join(staticDir, 'index.html');

    app.use(
      '/assets/*',
      async (c, next) => {
        await next();
        if (c.res.status !== 200) return;
        c.res.headers.set('Cache-Control', IMMUTABLE);
        varyOnEncoding(c.res.headers);
      },
      // The build writes each text asset's brotli and gzip twins at their highest levels (apps/web/build).
      serveStatic({ root: staticDir, precompressed: true }),
    );
    // A missing hashed asset is a real 404, never the HTML shell (that would be parsed as JS or CSS).
    app.all('/assets/*', (c) => c.text('Not Found', 404));

    // index.html and other unhashed files must be revalidated, or a deploy would leave browsers on old chunks.
    app.use('*', async (c, next) => {
      await next();
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-cache');
    });
    app.use('*', serveStatic({ root: staticDir }));

    // Client-side routes get the SPA shell; a path naming a file (`/robots.txt`) that is not there stays a 404.
    app.get('*', async (c) => {
      const lastSegment = c.req.path.slice(c.req.path.lastIndexOf('/') + 1);
      if (lastSegment.includes('.')) return c.text('Not Found', 404);
      // The page names its language from the first byte; the SPA loads that language's messages at once.
      const html = await readFile(indexFile, 'utf8');
      return c.html(pageIn(html, await c.var.language()));
    });
  }

  return { app, sessions, streams, liveUpdates, sellerDay };
}

/** The BFF's Hono app (see `createBffApp` for the sessions and stream registry beside it). */
export function createBff(deps: BffDeps): Hono<SessionEnv> {
  return createBffApp(deps).app;
}
