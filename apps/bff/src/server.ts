import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { errorBody } from '@mostrador/contracts';
import {
  applicationOwner,
  ClockMoveRefused,
  configureOAuthClient,
  createMarketplaceApi,
  demoAccounts,
  ensureDemoData,
  moveClock,
  openMarketplaceClock,
  openStore,
  type PeriodicJob,
  purgeExpiredOrders,
  readClock,
  type Store,
  startDispatcher,
  startRetentionJob,
  startSimulator,
  startTimeSweepJob,
} from '@mostrador/marketplace-api';
import { type Clock, systemClock } from '@mostrador/server-kit/clock';
import { HttpError } from '@mostrador/server-kit/http';
import { createLogger, createProgress } from '@mostrador/server-kit/logger';
import { type Keyring, lockSqliteServer } from '@mostrador/server-kit/store';
import { createBffApp } from './app.ts';
import { type BffDatabase, type BffStore, migrateBff, openBffStore } from './db/migrate.ts';
import { env } from './env.ts';
import { API_BASE_PATH, type FetchApp } from './marketplace.ts';
import { answerClientErrors } from './middleware/client-errors.ts';
import { answerExpectContinue } from './middleware/expect-continue.ts';
import { createRemoteMarketplace } from './proxy/remote-marketplace.ts';
import { createSimulatorControl } from './simulator/simulator-routes.ts';
import { startFailure, storeTrouble } from './start-failure.ts';
import { storeLabelOf, storeOptionsOf } from './store-options.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const logger = createLogger({
  base: { service: 'bff' },
  explain: (error) => storeTrouble(error, storeLabel()),
});

/** A start that cannot go on ends with one line that says why and what to do; never a stack trace. */
function failStart(error: unknown): never {
  log(startFailure(error, { host: env.HOST, port: env.PORT, database: storeLabel() }));
  process.exit(1);
}

function storeLabel(): string {
  return storeLabelOf(env);
}

/** The OAuth client secret of local use, the same for every instance holding the store's keys. */
function derivedClientSecret(keyring: Keyring, clientId: number): string {
  return createHmac('sha256', keyring.indexKey).update(`oauth-client-secret:${clientId}`).digest('base64url');
}

// Bind first: until this instance knows it will serve, nothing in the store changes (a second start on a taken
// port used to register a new client secret and break sign-in on the instance already running). Requests that
// arrive while the store opens are told to come back.
let handle: (request: Request, env: unknown) => Response | Promise<Response> = () =>
  new Response(JSON.stringify(errorBody('service_unavailable', { message: 'Mostrador is starting' })), {
    status: 503,
    headers: { 'content-type': 'application/json; charset=UTF-8', 'retry-after': '1' },
  });
// The connection (`env.incoming`) goes along: the limits and the notification source check read its address.
const server = serve({
  fetch: (request: Request, connection: unknown) => handle(request, connection),
  hostname: env.HOST,
  port: env.PORT,
});
const address = await new Promise<AddressInfo>((resolve) => {
  server.once('listening', () => resolve(server.address() as AddressInfo));
  server.once('error', (error) => failStart(error));
});
server.on('error', (error) => logger.error({ err: error }, 'server error'));
answerExpectContinue(server, env.BODY_LIMIT_BYTES);
answerClientErrors(server);
const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

// One server per SQLite file (decision 0251): a second would serve the same data cut off from the first one's live
// events. The commands that open the file on purpose (privacy, simulate, token, seed) are no servers: they go on.
let serverLock: { release(): void } | undefined;
if (!env.DATABASE_URL && env.DATABASE_FILE !== ':memory:') {
  mkdirSync(dirname(resolve(env.DATABASE_FILE)), { recursive: true });
  try {
    serverLock = lockSqliteServer(env.DATABASE_FILE);
  } catch (error) {
    failStart(error);
  }
}
// Local use: the embedded marketplace, whose demo application sends its notifications to this BFF (decision 0050).
const localUse = !env.MARKETPLACE_BASE_URL;
// Sessions live in this database in both modes. In local use it is the embedded marketplace's too, the BFF's
// tables beside its own; with a remote platform it holds the BFF's tables alone. With DATABASE_URL, several
// instances may share the PostgreSQL database (decision 0082).
const storeOptions = storeOptionsOf(env);
const marketplaceStore: Store | undefined = localUse
  ? await openStore(storeOptions).catch(failStart)
  : undefined;
const store: BffStore & { close(): Promise<void> } = marketplaceStore
  ? { ...marketplaceStore.tables<BffDatabase>(), close: () => marketplaceStore.close() }
  : await openBffStore(storeOptions).catch(failStart);
if (marketplaceStore) await migrateBff(store).catch(failStart);
// What time does to orders, on a timer and when the clock moves (decision 0290); started once the server serves.
let timeSweep: PeriodicJob | undefined;
// One clock for every part (decision 0289): in local use the store's, which `npm run clock` and the dashboard's
// owner move; with a remote platform the machine's.
const storeClock = marketplaceStore
  ? await openMarketplaceClock(marketplaceStore, {
      onError: (error) => logger.error({ err: error }, 'reading the clock failed'),
      // Another process or instance moved it: what time did to the orders is swept here too (decision 0290).
      onMove: () => timeSweep?.runNow(),
    }).catch(failStart)
  : undefined;
const clock: Clock = storeClock?.clock ?? systemClock;
// Where the data is, for messages: never the URL's password.
const storeName = storeLabel();

// Browsers treat both loopback names as secure contexts but as different sites, so both get a callback.
const publicOrigins = env.PUBLIC_ORIGIN
  ? [new URL(env.PUBLIC_ORIGIN).origin]
  : [`http://127.0.0.1:${address.port}`, `http://localhost:${address.port}`];

const callbackHost = env.HOST === '::1' ? '[::1]' : '127.0.0.1';
const callbackUrl = `http://${callbackHost}:${address.port}/bff/notifications`;

async function openEmbeddedMarketplace(store: Store, clientSecret: string): Promise<FetchApp> {
  const started = performance.now();
  log(`Checking demo data in ${storeName}…`);
  const seeding = createProgress(`Seeding demo data into ${storeName}`, { unit: 'orders' });
  const manifest = await ensureDemoData(store, {
    orders: env.DEMO_ORDERS,
    callbackUrl,
    localUse: true,
    onProgress: (done, total) => seeding.update(done, total),
  });
  if (manifest) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    seeding.done(
      `Seeded ${env.DEMO_ORDERS.toLocaleString('en-US')} demo orders, ${manifest.users.length} users in ${seconds} s.`,
    );
  }
  // Orders past retention go before the first request: purged under the first searches, the oldest orders (the
  // first page by default) answered 404 moments after a search had listed them.
  const purged = await purgeExpiredOrders(store, clock());
  if (purged.deleted > 0) log(`Removed ${purged.deleted} orders past the 12-month retention.`);
  // The developer console's job, done at start-up: the demo application accepts this BFF's callback and the
  // secret the BFF holds (decision 0033).
  await configureOAuthClient(store, {
    applicationId: env.MARKETPLACE_CLIENT_ID,
    clientSecret,
    redirectUris: publicOrigins.map((origin) => `${origin}/bff/callback`),
  });
  // In this process, at the paths the browser uses; the BFF's request line is the line of its `/api` requests.
  return createMarketplaceApi({
    store,
    clock,
    localUse: true,
    logger,
    requestLog: false,
    basePath: API_BASE_PATH,
  });
}

const remoteBaseUrl = env.MARKETPLACE_BASE_URL;
// Locally, without a configured secret, every instance that holds the store's keys derives the same one (decision
// 0113): a second instance on the same store never locks the first out, and the secret is never written anywhere.
const clientSecret =
  env.MARKETPLACE_CLIENT_SECRET ??
  (marketplaceStore
    ? derivedClientSecret(marketplaceStore.keyring, env.MARKETPLACE_CLIENT_ID)
    : randomBytes(32).toString('base64url'));
const marketplace = marketplaceStore
  ? await openEmbeddedMarketplace(marketplaceStore, clientSecret).catch(failStart)
  : createRemoteMarketplace(remoteBaseUrl!, { timeoutMs: env.REQUEST_TIMEOUT_MS });
const authorizationUrl =
  env.MARKETPLACE_AUTHORIZATION_URL ??
  (remoteBaseUrl ? `${remoteBaseUrl.replace(/\/+$/, '')}/authorization` : '/api/authorization');

const staticDir = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const reportError = (what: string) => (error: unknown) => logger.error({ err: error }, what);
// The simulator and the test clock answer the application's owner alone.
const owner = marketplaceStore
  ? () => applicationOwner(marketplaceStore, env.MARKETPLACE_CLIENT_ID)
  : undefined;
const simulator =
  marketplaceStore && owner
    ? createSimulatorControl(
        (rate) => startSimulator(marketplaceStore, { rate, clock, onError: reportError('simulator failed') }),
        { owner },
      )
    : undefined;
const testClock =
  marketplaceStore && storeClock && owner
    ? {
        read: () => readClock(marketplaceStore),
        async move(move: Parameters<typeof moveClock>[1]) {
          const moved = await moveClock(marketplaceStore, move).catch((error: unknown) => {
            if (error instanceof ClockMoveRefused) {
              throw new HttpError(errorBody('bad_request', { message: error.message }));
            }
            throw error;
          });
          // This process reads the move at once; PostgreSQL's other instances hear it.
          await storeClock.refresh();
          return moved;
        },
        mayControl: async (userId: number) => userId === (await owner()),
      }
    : undefined;
const { app, sessions, streams, liveUpdates, sellerDay } = createBffApp({
  marketplace,
  store,
  oauth: { clientId: env.MARKETPLACE_CLIENT_ID, clientSecret, authorizationUrl },
  publicOrigins,
  staticDir,
  logger,
  localUse,
  now: () => clock().getTime(),
  limitsNow: Date.now,
  limits: {
    ratePerMinute: env.RATE_LIMIT_PER_MINUTE,
    signInPer15Minutes: env.SIGNIN_LIMIT_PER_15_MINUTES,
    invalidBeforeBlock: env.INVALID_REQUESTS_BEFORE_BLOCK,
    bodyBytes: env.BODY_LIMIT_BYTES,
    timeoutMs: env.REQUEST_TIMEOUT_MS,
  },
  liveUpdates: {
    sourceCheck: env.NOTIFICATION_SOURCE_CHECK ?? (localUse ? 'loopback' : 'platform'),
    ...(env.NOTIFICATION_SOURCES ? { sources: env.NOTIFICATION_SOURCES } : {}),
    heartbeatMs: env.EVENTS_HEARTBEAT_MS,
    redeliver: localUse,
    worker: {
      leaseMs: env.NOTIFICATION_LEASE_MS,
      timeoutMs: Math.min(10_000, env.NOTIFICATION_LEASE_MS / 2),
    },
  },
  simulator,
  testClock,
});

// Notifications queued before a crash are taken again at once.
const worker = liveUpdates.start();
// Sellers' projections catch up on what changed while the server was down (decision 0281).
void sellerDay.catchUpAll().catch(reportError('seller projection catch-up failed'));
let dispatcher: { stop(): Promise<void> } | undefined;
let closing = false;
const stopRetention = marketplaceStore
  ? startRetentionJob(marketplaceStore, {
      clock,
      purgedAlready: true,
      onError: reportError('retention purge failed'),
    })
  : undefined;
// What time does to orders (decision 0290): pending payments expire, orders pass their expiration date.
timeSweep = marketplaceStore
  ? startTimeSweepJob(marketplaceStore, { clock, onError: reportError('order time sweep failed') })
  : undefined;

handle = (request, connection) => app.fetch(request, connection);
process.stdout.write(`Mostrador listening on ${origin}\n`);
if (marketplaceStore) {
  const accounts = (await demoAccounts(marketplaceStore).catch(() => [])).map((a) => a.nickname);
  if (accounts.length > 0) {
    process.stdout.write(
      `Open ${publicOrigins[0]} and sign in as a demo account (no password): ${accounts.join(', ')}.\n` +
        `An API token for curl: npm run --silent token -- ${accounts.includes('TIENDA_PALERMO') ? 'TIENDA_PALERMO' : accounts[0]}\n`,
    );
  }
}
// The embedded marketplace delivers its notifications now that someone listens for them.
if (marketplaceStore && !closing) {
  dispatcher = startDispatcher({
    store: marketplaceStore,
    clock,
    localUse,
    onError: reportError('notification dispatcher failed'),
  });
}
// Slow clients (headers or body trickling in) are cut off at the same limit as slow handlers.
if ('requestTimeout' in server) {
  server.requestTimeout = env.REQUEST_TIMEOUT_MS;
  server.headersTimeout = Math.min(env.REQUEST_TIMEOUT_MS, 60_000);
}

// Tokens are refreshed before they end even when nobody is clicking; ended sessions are removed.
const maintenance = setInterval(() => {
  sessions.maintain().catch((error: unknown) => logger.error({ err: error }, 'session maintenance failed'));
}, 60_000);
maintenance.unref();

// Decision 0252: stop accepting, give the requests in flight a short grace, cut off whatever is left, close the store.
function shutdown(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  log(`${signal} received, shutting down…`);
  clearInterval(maintenance);
  // A hung close must not keep the process alive forever.
  setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS + 10_000).unref();
  // Event streams never end by themselves; browsers reconnect and resume from their last event.
  streams.closeAll();
  // What is still open after the grace — a request sent in part, a client that stopped reading, a stream's last
  // bytes — is cut off: a request that never ends must not hold the shutdown.
  const grace = setTimeout(() => {
    if ('closeAllConnections' in server) server.closeAllConnections();
  }, env.SHUTDOWN_GRACE_MS);
  server.close(async (error) => {
    clearTimeout(grace);
    if (error) console.error(error);
    try {
      await simulator?.stop();
      await dispatcher?.stop();
      await worker.stop();
      await sellerDay.stop();
      await stopRetention?.();
      await timeSweep?.stop();
      await storeClock?.close();
      await store.close();
      serverLock?.release();
    } catch (closeError) {
      console.error(closeError);
      process.exit(1);
    }
    process.exit(error ? 1 : 0);
  });
  // Idle keep-alive sockets would otherwise hold close() open.
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}

process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
