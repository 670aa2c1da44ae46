import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { preparedReadsOf } from './postgres/prepared-reads.ts';
import type { SnapshotRead } from './store.ts';

export interface Precompiled<R, DB = unknown> {
  (...values: unknown[]): Promise<R[]>;
  /** The same query on another handle of the same database: a transaction or a reserved connection. */
  on(executor: Kysely<DB>, ...values: unknown[]): Promise<R[]>;
}

/**
 * A query built and compiled once, then run with new parameters: hot paths skip the query builder and the SQL
 * compiler. `build` receives `param(i)` markers; the compiled parameters are matched back to them by identity, so
 * the SQL stays whatever Kysely writes for the store's dialect.
 */
export function precompiled<DB, R>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, param: (index: number) => unknown) => Compilable<R>,
  /** A snapshot reader (Store.read): read-only queries run there directly instead of through `db`'s queue. */
  read?: SnapshotRead,
): Precompiled<R, DB> {
  const markers = new Map<object, number>();
  const param = (index: number) => {
    const marker = { marker: index };
    markers.set(marker, index);
    return marker;
  };
  const compiled = build(db, param).compile();
  const slots = compiled.parameters.map((p) => markers.get(p as object) ?? -1);
  if (slots.some((s) => s < 0)) throw new Error('precompiled queries take every value through param()');
  // Bulk inserts number their parameters in order; then the values go through as they are.
  const inOrder = slots.every((s, i) => s === i);
  const run = async (executor: Kysely<unknown>, values: unknown[]) =>
    (await executor.executeQuery<R>(CompiledQuery.raw(compiled.sql, bind(values)))).rows;
  const bind = (values: unknown[]) =>
    inOrder && values.length === slots.length ? values : slots.map((s) => values[s]);
  const select = /^\s*select\b/i.test(compiled.sql);
  const direct = read && select ? read : undefined;
  // PostgreSQL: a prepared statement on a pooled connection, past the query builder's executor.
  const prepared = !direct && select ? preparedReadsOf(db) : undefined;
  const query = Object.assign(
    direct
      ? (...values: unknown[]) => Promise.resolve(direct<R>(compiled.sql, bind(values)))
      : prepared
        ? (...values: unknown[]) => prepared<R>(compiled.sql, bind(values))
        : (...values: unknown[]) => run(db as Kysely<unknown>, values),
    { on: (executor: Kysely<DB>, ...values: unknown[]) => run(executor as Kysely<unknown>, values) },
  );
  return query;
}
