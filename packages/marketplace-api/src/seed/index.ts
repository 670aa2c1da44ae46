/**
 * The seed's parts, for the development tools' bulk seed (`npm run seed`), which writes the same rows as `seedStore`
 * for the same options through other means. Nothing in this package imports the tools.
 *
 * - `seedStore(store, { orders, seed, now })` is the plain seed: in this thread, in one transaction.
 * - `createSeedGenerator(options)` makes the rows: the world (users, items), then chunk after chunk of orders, each
 *   from a random stream of its own (`chunkCountOf`), then the tail computed from every chunk's totals.
 * - `writeReferenceData`, `writeDemoApplication` and `writeTeamAndTokens` are the steps every seed shares, in that
 *   order around the users and orders; `BATCH_TABLES` and `TAIL_TABLES` name the tables a batch and the tail fill.
 * - `createSeedRepository(db).insertMany(table, rows)` writes rows in multi-row inserts.
 * - `ORDER_INDEXES`, `createIndexes` and `dropIndexes`: the order tables' secondary indexes, which a bulk load may
 *   build after its rows rather than keep up to date row by row.
 * - `WATCHED_TABLES`: the tables whose triggers raise the store's change sequence (decision 0240), which a bulk load
 *   removes while it writes (`unwatchTables` of the server kit) and puts back at its end.
 */

export { createIndexes, dropIndexes, ORDER_INDEXES } from '../db/migrations/0001-orders.ts';
export { WATCHED_TABLES } from '../db/migrations/0011-store-changes.ts';
export type { Database, UsersTable } from '../db/schema.ts';
export { auditFileOf } from '../db/store.ts';
export {
  type ChunkStats,
  chunkCountOf,
  createSeedGenerator,
  type OrderBatch,
  type SeedHeader,
  type SeedOptions,
  type SeedTail,
} from './generate.ts';
export {
  BATCH_TABLES,
  type SeedManifest,
  type SeedRunOptions,
  seedDay,
  seedStore,
  TAIL_TABLES,
  writeDemoApplication,
  writeReferenceData,
  writeTeamAndTokens,
} from './seed.ts';
export { createSeedRepository } from './seed-repository.ts';
