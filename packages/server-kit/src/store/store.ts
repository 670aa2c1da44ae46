import type { Kysely } from 'kysely';
import {
  type CommitGroup,
  type CommitGroupOptions,
  createCommitGroup,
  directCommits,
} from './commit-group.ts';
import type { Keyring } from './keyring.ts';
import type { TableMap, Tables } from './tables.ts';

export type Dialect = 'sqlite' | 'postgres';

export type SnapshotRead = <R>(sql: string, parameters: readonly unknown[]) => R[];

/** One part's tables in a store: its typed handle and commit group on the store's own connections. */
export interface StoreTables<DB> {
  db: Kysely<Tables<DB>>;
  /**
   * Where writes that must be durable before they are acknowledged run: on SQLite the units arriving together share
   * one commit (decision 0086), whichever part's tables they write; on PostgreSQL each has its own transaction.
   */
  group: CommitGroup<Tables<DB>>;
  dialect: Dialect;
  /** Keys that seal personal data and other secrets in this store. */
  keyring: Keyring;
  /** PostgreSQL only: the connection URL, for parts that hold a connection of their own (LISTEN). */
  url?: string;
}

export interface Store<DB> extends StoreTables<DB> {
  /**
   * Runs compiled read-only SQL on a connection of its own, at once and without the query queue: each statement
   * sees everything committed before it and nothing uncommitted (a WAL snapshot). Absent for in-memory stores, where
   * reads go through `db`. Absent on PostgreSQL, where every read takes a pooled connection of its own anyway.
   */
  read?: SnapshotRead;
  /**
   * Another part's tables in the same database (the BFF's beside the marketplace's): same connections, same
   * commit group, so its writes queue and commit with this store's.
   */
  tables<T extends TableMap<T>>(): StoreTables<T>;
  close(): Promise<void>;
}

/** The typed handles of a store's connections, all sharing its executor and, on SQLite, its commit group. */
export function storeTables(
  root: Kysely<object>,
  base: Omit<StoreTables<unknown>, 'db' | 'group'>,
  /** SQLite: how the shared commits are made (`flushLog` for a store in a file). */
  group: CommitGroupOptions = {},
): <T extends TableMap<T>>() => StoreTables<T> {
  const shared = base.dialect === 'sqlite' ? createCommitGroup(root, group) : directCommits(root);
  return <T extends TableMap<T>>(): StoreTables<T> => ({
    ...base,
    db: root.withTables<{ [K in keyof T]: T[K] }>(),
    group: {
      run: (work, unit) => shared.run((trx) => work(trx.withTables<{ [K in keyof T]: T[K] }>()), unit),
    },
  });
}
