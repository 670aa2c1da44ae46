/**
 * The marketplace API: an embedded, runnable implementation of the platform's REST API.
 *
 * - `openStore({ file })` opens (and migrates) the SQLite database; `':memory:'` for tests. `openStore({ url })` opens
 *   a PostgreSQL database (`postgres://…`) with the same schema; `isPostgres(db)` tells a handle's kind.
 * - `createMarketplaceApi({ store, clock, basePath })` builds the Hono app, at its own root or under `basePath`
 *   (`/api` on the dashboard's origin). `API_PATHS` lists every documented path with its methods, from the same
 *   definitions as the routes; `resourcePattern(path, segment)` is the regular expression of one (a proxy's
 *   allowlist is built from both).
 * - `ensureDemoData(store, { orders })` seeds an empty database and returns the manifest (or null when not empty);
 *   `demoAccessTokens(store)` issues fresh tokens for its demo accounts, `demoAccessToken(store, nickname)` for one.
 * - `logger` takes the redacting structured logger of `@mostrador/server-kit/logger`; `startRetentionJob(store,
 *   { clock })` purges orders past the 12-month retention hourly and returns its stop function.
 * - `startTimeSweepJob(store, { clock })` runs what time does to orders (pending payments expire, expiration dates
 *   pass) every minute and on `runNow()`, until its `stop()`; `sweepOrderTime(store, now)` runs it once.
 * - `configureOAuthClient(store, { applicationId, clientSecret, redirectUris })` registers an OAuth client (the
 *   BFF does it for the demo application); `DEMO_APPLICATION_ID` is that application's id.
 * - `store.tables<T>()` gives another part's tables in the same database and commit group (the BFF's); the store,
 *   the commit group, the keyring and the logger themselves come from `@mostrador/server-kit`.
 * - `startDispatcher({ store, clock, fetch, localUse })` delivers the notifications of the outbox to the
 *   applications' callbacks (spec 6) until its `stop()`; `setApplicationCallback(store, appId, url, { localUse })`
 *   points an application's notifications somewhere (`ensureDemoData` takes `callbackUrl` for the demo one).
 * - `startSimulator(store, { rate, clock })` drives realistic change through the order life cycle and answers its
 *   stop function.
 * - `openMarketplaceClock(store)` is the store's clock, which every process on it reads; in local use
 *   `moveClock(store, { advance: '15d' })` (or `set`, `reset`) moves it and runs what the time passed would have
 *   run, `readClock(store)` reads it.
 * - `checkRule(words)` and `createFaultRuleRepository(db, group)` set the faults on purpose of local use (decision
 *   0293) that `npm run faults` manages; `faultRuleLine(rule)` is a rule in one line.
 */
export { API_PATHS, type ApiPath, createMarketplaceApi, type MarketplaceDeps } from './app.ts';
export {
  afterDuration,
  type ClockMove,
  type ClockMoved,
  ClockMoveRefused,
  type ClockReading,
  clockNow,
  moveClock,
  openMarketplaceClock,
  readClock,
} from './clock/test-clock.ts';
export { isPostgres } from './db/dialect.ts';
export { openStore, type Store } from './db/store.ts';
export {
  applicationOwner,
  configureOAuthClient,
  type OAuthClientConfiguration,
} from './domain/oauth-client.ts';
export { createFaultRuleRepository } from './faults/fault-rule-repository.ts';
export { checkRule, ruleLine as faultRuleLine } from './faults/fault-rules.ts';
export { resourcePattern } from './http/resources.ts';
export { checkCallbackUrl, setApplicationCallback } from './notifications/callback-url.ts';
export { createDispatcher, type DispatcherDeps, startDispatcher } from './notifications/dispatcher.ts';
export { createSimulator, type SimulatedChange, startSimulator } from './notifications/simulator.ts';
export { startTimeSweepJob, sweepOrderTime } from './orders/time-sweep.ts';
export type { PeriodicJob } from './periodic-job.ts';
export { erasePersonalData } from './privacy/erase.ts';
export { purgeExpiredOrders, startRetentionJob } from './privacy/retention.ts';
export {
  demoAccessToken,
  demoAccessTokens,
  demoAccounts,
  ensureDemoData,
  type SeedManifest,
} from './seed/demo.ts';
export { DEMO_APPLICATION_ID } from './seed/generate.ts';
