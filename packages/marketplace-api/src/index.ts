/**
 * The marketplace API: an embedded, runnable implementation of the platform's REST API.
 *
 * - `openStore({ file })` opens (and migrates) the SQLite database; `':memory:'` for tests.
 * - `createMarketplaceApi({ store, clock })` builds the Hono app, to be mounted at `/api`.
 * - `ensureDemoData(store, { orders })` seeds an empty database and returns the manifest (or null when not empty).
 */
export { createMarketplaceApi, type MarketplaceDeps } from './app.ts';
export { openStore, type Store } from './db/store.ts';
export { ensureDemoData, type SeedManifest } from './seed/demo.ts';
