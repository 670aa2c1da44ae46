import { isPostgres } from '@mostrador/marketplace-api';
import {
  createIndexes,
  type Database,
  dropIndexes,
  ORDER_INDEXES,
  TAIL_TABLES,
} from '@mostrador/marketplace-api/seed';
import { type Kysely, sql } from 'kysely';
import { REPUTATION_COLUMNS } from './row-block.ts';

/** A foreign key as PostgreSQL describes it, to drop and add again around a bulk load. */
export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** As much of the file as SQLite will map (its build caps the size it takes). */
const MAP_BYTES = 64 * 2 ** 30;

/**
 * The page cache while the indexes are built, in KiB (negative: SQLite's unit for a size rather than a page count):
 * small enough that each sort spills into runs the helper threads sort side by side.
 */
const INDEX_SORT_CACHE_KB = -8000;
/** SQLite's helper threads for those sorts: one for each core of the machines the seed is measured on. */
const INDEX_SORT_THREADS = 2;

/**
 * What the bulk seed does to a store besides writing rows: the indexes and foreign keys it sets aside while it loads
 * and puts back after, the copying in of rows its workers staged, and its own record of how long it took.
 */
export function createBulkRepository(db: Kysely<Database>) {
  return {
    /**
     * Before a bulk load. On SQLite, where the load writes orders in id order, the indexes whose keys arrive in that
     * order stay; PostgreSQL's load interleaves several connections, so it drops them all.
     */
    dropOrderIndexes: () =>
      dropIndexes(
        db as Kysely<unknown>,
        isPostgres(db) ? ORDER_INDEXES : ORDER_INDEXES.filter((ix) => !ix.keysInLoadOrder),
      ),
    async createOrderIndexes() {
      // PostgreSQL sorts each index in memory rather than in temporary files when given room (this transaction only).
      if (isPostgres(db)) {
        await sql`set local maintenance_work_mem = '512MB'`.execute(db);
        await createIndexes(db as Kysely<unknown>);
        return;
      }
      // Each index is one full scan of the order table: through a memory map SQLite reads its pages in place instead
      // of copying every page out of the file once per index.
      // The sort behind each index uses SQLite's helper threads only when it sorts in runs merged from temporary
      // files: with temporary storage in memory, or a page cache large enough to sort the whole index at once, it is
      // one thread's work. A small cache and file-backed temporary storage halve the build on two cores.
      // The connection's settings are put back after.
      const setting = async (name: string) =>
        Object.values(
          (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0] ?? {},
        )[0];
      const during = {
        mmap_size: MAP_BYTES,
        temp_store: 0, // the default, which this build of SQLite keeps in files
        cache_size: INDEX_SORT_CACHE_KB,
        threads: INDEX_SORT_THREADS,
      };
      const before: Record<string, number> = {};
      for (const name of Object.keys(during)) before[name] = Number(await setting(name));
      const apply = async (settings: Record<string, number>) => {
        for (const [name, value] of Object.entries(settings))
          await sql.raw(`pragma ${name} = ${value}`).execute(db);
      };
      await apply(during);
      try {
        await createIndexes(db as Kysely<unknown>);
      } finally {
        await apply(before);
      }
    },
    /**
     * How long the seed command took, kept with the data for the benchmark's report. The load commits without
     * waiting for the disk; on PostgreSQL this last commit waits, and with it every write before it is on disk.
     */
    async recordSeedSeconds(seconds: number) {
      await db.transaction().execute(async (trx) => {
        if (isPostgres(db)) await sql`set local synchronous_commit = on`.execute(trx);
        await trx
          .insertInto('store_meta')
          .values({ key: 'seed_seconds', value: seconds.toFixed(1) })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: seconds.toFixed(1) }))
          .execute();
      });
    },
    async seedSeconds(): Promise<number | undefined> {
      const row = await db
        .selectFrom('store_meta')
        .select('value')
        .where('key', '=', 'seed_seconds')
        .executeTakeFirst();
      return row ? Number(row.value) : undefined;
    },
    /**
     * PostgreSQL: drops the foreign keys of the order tables for a load through several connections at once (a
     * shipment's COPY may come before its order's commits) and answers them, each with its name and definition, for
     * `addForeignKeys` to put back (checked against every row then).
     */
    async dropOrderForeignKeys(): Promise<ForeignKey[]> {
      if (!isPostgres(db)) return [];
      const { rows } = await sql<ForeignKey>`
        select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
        from pg_constraint
        where contype = 'f'
          and conrelid::regclass::text in ('orders', 'shipments', 'order_discounts', 'order_product', 'feedback')
        order by conname`.execute(db);
      for (const fk of rows)
        await sql`alter table ${sql.id(fk.table)} drop constraint ${sql.id(fk.name)}`.execute(db);
      return rows;
    },
    async addForeignKeys(keys: ForeignKey[]) {
      for (const fk of keys) {
        await sql`alter table ${sql.id(fk.table)} add constraint ${sql.id(fk.name)} ${sql.raw(fk.definition)}`.execute(
          db,
        );
      }
    },
    /**
     * A bulk load without SQLite's row-by-row foreign-key checks (the generator writes every referenced row first; the
     * setting is the connection's, so it is put back after). PostgreSQL checks as it loads.
     */
    async withoutForeignKeyChecks<T>(work: () => Promise<T>): Promise<T> {
      if (isPostgres(db)) return work();
      await sql`pragma foreign_keys = off`.execute(db);
      try {
        return await work();
      } finally {
        await sql`pragma foreign_keys = on`.execute(db);
      }
    },
    /**
     * SQLite: copies in what the seed's workers staged in files of their own (see `stageRows`), each table with one
     * `insert … select`, in one transaction: the users of every file, file after file, each with the reputations
     * staged beside them (REPUTATION_COLUMNS), then the tail's tables in the order they were staged.
     * Attaching needs a connection outside any transaction: `db` is the store's own.
     */
    async copyStaged(files: readonly string[]) {
      const schemas = files.map((_, i) => `staged_${i}`);
      for (const [i, file] of files.entries())
        await sql`attach database ${file} as ${sql.id(schemas[i]!)}`.execute(db);
      try {
        await db.transaction().execute(async (trx) => {
          /** The files holding `table`, and its columns there. */
          const holding = async (table: string) => {
            const found: { schema: string; columns: string[] }[] = [];
            for (const schema of schemas) {
              const { rows } = await sql<{ name: string }>`
                select name from pragma_table_info(${table}, ${schema})`.execute(trx);
              if (rows.length > 0) found.push({ schema, columns: rows.map((r) => r.name) });
            }
            return found;
          };
          const list = (columns: readonly string[]) => sql.join(columns.map((c) => sql.id(c)));

          const users = await holding('users');
          if (users.length > 0) {
            const { columns } = users[0]!;
            const all = sql.join(
              users.map((f) => sql`select ${list(columns)} from ${sql.id(f.schema, 'users')}`),
              sql` union all `,
            );
            const joins = [];
            const picked = new Map(columns.map((c) => [c, sql.ref(`u.${c}`)]));
            for (const [table, column] of REPUTATION_COLUMNS) {
              const [found] = await holding(table);
              if (!found) continue;
              joins.push(sql`left join ${sql.id(found.schema, table)} as ${sql.id(table)}
                on ${sql.ref(`${table}.id`)} = ${sql.ref('u.id')}`);
              picked.set(column, sql`coalesce(${sql.ref(`${table}.${column}`)}, ${sql.ref(`u.${column}`)})`);
            }
            await sql`insert into ${sql.id('users')} (${list(columns)})
              select ${sql.join([...picked.values()])} from (${all}) as u ${sql.join(joins, sql` `)}`.execute(
              trx,
            );
          }
          for (const [, table] of TAIL_TABLES) {
            for (const { schema, columns } of await holding(table)) {
              await sql`insert into ${sql.id(table)} (${list(columns)})
                select ${list(columns)} from ${sql.id(schema, table)} order by rowid`.execute(trx);
            }
          }
        });
      } finally {
        for (const schema of schemas) await sql`detach database ${sql.id(schema)}`.execute(db);
      }
    },
    /** Fresh planner statistics after a bulk load (PostgreSQL; SQLite plans from its indexes alone). */
    async analyze() {
      if (isPostgres(db)) await sql`analyze`.execute(db);
    },
  };
}
