import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import {
  configureOAuthClient,
  createLogger,
  createMarketplaceApi,
  ensureDemoData,
  openStore,
} from '@mostrador/marketplace-api';
import type { FetchApp } from './app.ts';
import { createBffApp } from './app.ts';
import { migrateBff } from './db/migrate.ts';
import { env } from './env.ts';
import { createRemoteMarketplace } from './proxy/remote-marketplace.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const logger = createLogger({ base: { service: 'bff' } });

if (env.DATABASE_FILE !== ':memory:') mkdirSync(dirname(resolve(env.DATABASE_FILE)), { recursive: true });
// Sessions live in this database in both modes; with a remote platform its marketplace tables stay empty.
const store = await openStore({ file: env.DATABASE_FILE });
await migrateBff(store);

// Browsers treat both loopback names as secure contexts but as different sites, so both get a callback.
const publicOrigins = env.PUBLIC_ORIGIN
  ? [new URL(env.PUBLIC_ORIGIN).origin]
  : [`http://127.0.0.1:${env.PORT}`, `http://localhost:${env.PORT}`];

async function openEmbeddedMarketplace(clientSecret: string): Promise<FetchApp> {
  const started = performance.now();
  log(`Checking demo data in ${env.DATABASE_FILE}…`);
  const manifest = await ensureDemoData(store, { orders: env.DEMO_ORDERS });
  if (manifest) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`Seeded ${env.DEMO_ORDERS} demo orders, ${manifest.users.length} users in ${seconds}s.`);
  }
  // The developer console's job, done at start-up: the demo application accepts this BFF's callback and the
  // secret the BFF holds (decision 0033).
  await configureOAuthClient(store, {
    applicationId: env.MARKETPLACE_CLIENT_ID,
    clientSecret,
    redirectUris: publicOrigins.map((origin) => `${origin}/bff/callback`),
  });
  return createMarketplaceApi({ store });
}

const remoteBaseUrl = env.MARKETPLACE_BASE_URL;
// Locally, without a configured secret, each start makes a fresh one: it lives in this process and, hashed, in
// the store, and never on disk in clear.
const clientSecret = env.MARKETPLACE_CLIENT_SECRET ?? randomBytes(32).toString('base64url');
const marketplace = remoteBaseUrl
  ? createRemoteMarketplace(remoteBaseUrl)
  : await openEmbeddedMarketplace(clientSecret);
const authorizationUrl =
  env.MARKETPLACE_AUTHORIZATION_URL ??
  (remoteBaseUrl ? `${remoteBaseUrl.replace(/\/+$/, '')}/authorization` : '/api/authorization');

const staticDir = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const { app, sessions } = createBffApp({
  marketplace,
  store,
  oauth: { clientId: env.MARKETPLACE_CLIENT_ID, clientSecret, authorizationUrl },
  publicOrigins,
  staticDir,
  logger,
  limits: {
    ratePerMinute: env.RATE_LIMIT_PER_MINUTE,
    signInPer15Minutes: env.SIGNIN_LIMIT_PER_15_MINUTES,
    invalidBeforeBlock: env.INVALID_REQUESTS_BEFORE_BLOCK,
    bodyBytes: env.BODY_LIMIT_BYTES,
    timeoutMs: env.REQUEST_TIMEOUT_MS,
  },
});

const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  process.stdout.write(`Mostrador listening on http://${host}:${info.port}\n`);
});
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

let closing = false;
function shutdown(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  log(`${signal} received, shutting down…`);
  clearInterval(maintenance);
  // A hung close must not keep the process alive forever.
  setTimeout(() => process.exit(1), 10_000).unref();
  server.close(async (error) => {
    if (error) console.error(error);
    try {
      await store.close();
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
