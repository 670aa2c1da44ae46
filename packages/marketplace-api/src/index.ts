/**
 * The marketplace API: an embedded, runnable implementation of the platform's REST API.
 *
 * - `openStore({ file })` opens (and migrates) the SQLite database; `':memory:'` for tests.
 * - `createMarketplaceApi({ store, clock })` builds the Hono app, to be mounted at `/api`.
 * - `ensureDemoData(store, { orders })` seeds an empty database and returns the manifest (or null when not empty).
 * - `createLogger()` is the redacting structured logger to pass as `logger`; `startRetentionJob(store, { clock })`
 *   purges orders past the 12-month retention hourly and returns its stop function.
 */
export { createMarketplaceApi, type MarketplaceDeps } from './app.ts';
export { openStore, type Store } from './db/store.ts';
export { createLogger, type Logger } from './logging/logger.ts';
export { erasePersonalData } from './privacy/erase.ts';
export { purgeExpiredOrders, startRetentionJob } from './privacy/retention.ts';
export { ensureDemoData, type SeedManifest } from './seed/demo.ts';
