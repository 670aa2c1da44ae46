import type { DrainOuterGeneric } from 'kysely';

/**
 * What Kysely asks of a database's table list: each table a record of columns. Interfaces such as `Database` fit
 * once their keys are spelled out (`TableMap<Database>`).
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely's own bound for table types
export type TableMap<T> = Record<keyof T, Record<string, any>>;

/**
 * `T`'s tables as seen through a handle on shared connections (`withTables`): assignable to `Kysely<T>` wherever
 * `T` is a concrete table list.
 */
export type Tables<T> = DrainOuterGeneric<object & { [K in keyof T]: T[K] }>;
