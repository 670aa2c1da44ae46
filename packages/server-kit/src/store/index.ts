export {
  type ChangeSequence,
  changeSequenceReader,
  createChangeSequence,
  raiseChangeSequence,
  unwatchTables,
  watchTables,
} from './change-sequence.ts';
export {
  type CommitGroup,
  type CommitGroupOptions,
  createCommitGroup,
  directCommits,
  type UnitOptions,
} from './commit-group.ts';
export { StoreKeysRefused } from './key-check.ts';
export {
  blindIndex,
  fileKeyring,
  generateKeyring,
  type Keyring,
  localKeyring,
  open,
  openJson,
  PersonalDataUnavailable,
  parseKeyring,
  seal,
  sealJson,
} from './keyring.ts';
export { type MigrationOptions, type MigrationSet, migrate } from './migrate.ts';
export { type OpenStoreOptions, openStore } from './open-store.ts';
export { type ChannelListener, type ListenOptions, listenChannel } from './postgres/listen.ts';
export { openPostgresStore, type PostgresStoreOptions } from './postgres/open-postgres.ts';
export {
  createPool,
  databaseExists,
  databaseName,
  dropDatabase,
  isPostgresUrl,
  parseInt8,
  recreateDatabase,
  storeTypes,
} from './postgres/pool.ts';
export { type PreparedRead, preparedReadsOf } from './postgres/prepared-reads.ts';
export { type Precompiled, precompiled } from './precompiled.ts';
export { logFlusher } from './sqlite/log-flush.ts';
export { openSqliteStore, type SqliteStoreOptions } from './sqlite/open-sqlite.ts';
export { lockSqliteServer, StoreServedElsewhere } from './sqlite/server-lock.ts';
export { withStatementCache } from './sqlite/statement-cache.ts';
export type { Dialect, SnapshotRead, Store, StoreTables } from './store.ts';
export type { TableMap, Tables } from './tables.ts';
export { VersionedCache, type VersionedCacheOptions } from './versioned-cache.ts';
