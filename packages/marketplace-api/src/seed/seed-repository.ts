import type { Writable } from 'node:stream';
import { type Insertable, type Kysely, sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { isPostgres } from '../db/dialect.ts';
import { createIndexes, dropIndexes, ORDER_INDEXES } from '../db/migrations/0001-orders.ts';
import { type Precompiled, precompiled } from '../db/precompiled.ts';
import type { Database } from '../db/schema.ts';
import { REPUTATION_COLUMNS, type RowBlock, rowCount, TAIL_TABLES, toBlock } from './row-block.ts';

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

// Both stores accept well over this many bound parameters in one statement (SQLite 32766, PostgreSQL 65535).
const MAX_PARAMETERS = 30_000;

/**
 * Bulk loading for the seed: multi-row inserts sized to the store's parameter limit, each shape (table, columns,
 * row count) compiled once, so a million rows cost their binding and writing rather than query building.
 */
export function createSeedRepository(db: Kysely<Database>) {
  const shapes = new Map<string, Precompiled<unknown>>();

  /** Rows given as one list of values (see RowBlock), bound to the statements as they are. */
  async function insertBlock(table: keyof Database, block: RowBlock) {
    const { columns, values } = block;
    const rows = rowCount(block);
    if (rows === 0) return;
    const chunk = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
    // Full chunks, then the rest in power-of-two pieces: a handful of shapes to compile, whatever the row count.
    for (let i = 0; i < rows; ) {
      const left = rows - i;
      const size = left >= chunk ? chunk : 2 ** Math.floor(Math.log2(left));
      const key = `${table}:${columns.join(',')}:${size}`;
      let insert = shapes.get(key);
      if (!insert) {
        insert = precompiled(db, (db, param) =>
          db.insertInto(table).values(
            // Kysely cannot narrow the insert type of a generic table name; the rows are typed by the caller.
            Array.from({ length: size }, (_, r) =>
              Object.fromEntries(columns.map((c, k) => [c, param(r * columns.length + k)])),
            ) as unknown as Parameters<ReturnType<typeof db.insertInto<typeof table>>['values']>[0],
          ),
        );
        shapes.set(key, insert);
      }
      await insert(...values.slice(i * columns.length, (i + size) * columns.length));
      i += size;
    }
  }

  const insertMany = <T extends keyof Database>(table: T, rows: Insertable<Database[T]>[]) =>
    insertBlock(table, toBlock(rows));

  return {
    insertMany,
    insertBlock,
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
    /** No users and no currencies: the bulk load writes the currencies first and the users after the orders. */
    async isEmpty(): Promise<boolean> {
      for (const table of ['currencies', 'users'] as const) {
        const row = await db.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
        if (row) return false;
      }
      return true;
    },
    async setSellerReputation(rows: { id: number; seller_reputation: string }[]) {
      for (const r of rows) {
        await db
          .updateTable('users')
          .set({ seller_reputation: r.seller_reputation })
          .where('id', '=', r.id)
          .execute();
      }
    },
    /** Tens of thousands of buyers: one `case` update per 500 rows instead of a statement each. */
    async setBuyerReputation(rows: { id: number; buyer_reputation: string }[]) {
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        const cases = sql.join(
          chunk.map((r) => sql`when ${r.id} then ${r.buyer_reputation}`),
          sql` `,
        );
        await db
          .updateTable('users')
          .set({ buyer_reputation: sql<string>`case ${sql.ref('id')} ${cases} end` })
          .where(
            'id',
            'in',
            chunk.map((r) => r.id),
          )
          .execute();
      }
    },
  };
}

/** The column types the order tables use, as `information_schema` names them. */
type CopyType = 'bigint' | 'integer' | 'text' | 'bytea';

/** COPY's binary header: signature, flags, header extension length. */
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const COPY_HEADER = Buffer.concat([COPY_SIGNATURE, Buffer.alloc(8)]);
const COPY_TRAILER = Buffer.from([0xff, 0xff]);
const TWO_32 = 2 ** 32;

/**
 * Rows in COPY's binary format: every field a length and its bytes, integers big-endian, bytes as they are. The
 * server neither parses digits nor decodes hex, and documents go over the wire at their own size.
 */
class BinaryRows {
  private buf = Buffer.allocUnsafe(1 << 20);
  private at = 0;

  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  /** Rows given as one list of values, row after row, each with a value for every one of `types`. */
  rows(types: CopyType[], values: readonly unknown[]) {
    for (let v = 0; v < values.length; v += types.length) this.row(types, values, v);
  }

  private row(types: CopyType[], values: readonly unknown[], from: number) {
    this.room(2);
    this.buf.writeInt16BE(types.length, this.at);
    this.at += 2;
    for (let i = 0; i < types.length; i++) {
      const value = values[from + i];
      if (value === null || value === undefined) {
        this.room(4);
        this.buf.writeInt32BE(-1, this.at);
        this.at += 4;
        continue;
      }
      const type = types[i]!;
      if (type === 'bigint') {
        const n = Number(value);
        const high = Math.floor(n / TWO_32);
        this.room(12);
        this.buf.writeInt32BE(8, this.at);
        this.buf.writeInt32BE(high, this.at + 4);
        this.buf.writeUInt32BE(n - high * TWO_32, this.at + 8);
        this.at += 12;
      } else if (type === 'integer') {
        this.room(8);
        this.buf.writeInt32BE(4, this.at);
        this.buf.writeInt32BE(Number(value), this.at + 4);
        this.at += 8;
      } else if (value instanceof Uint8Array) {
        this.room(4 + value.length);
        this.buf.writeInt32BE(value.length, this.at);
        this.buf.set(value, this.at + 4);
        this.at += 4 + value.length;
      } else {
        const text = String(value);
        // UTF-8 needs at most three bytes per UTF-16 code unit.
        this.room(4 + text.length * 3);
        const length = this.buf.write(text, this.at + 4);
        this.buf.writeInt32BE(length, this.at);
        this.at += 4 + length;
      }
    }
  }

  /** The rows written so far, as bytes the caller owns; the writer starts afresh. */
  take(): Buffer {
    const out = this.buf.subarray(0, this.at);
    this.buf = Buffer.allocUnsafe(this.buf.length);
    this.at = 0;
    return out;
  }
}

export interface CopyLoader {
  /** Appends rows to the table's stream, waiting only when the server is behind. */
  write(table: keyof Database, block: RowBlock): Promise<void>;
  /** Ends every stream and waits until the server has taken every row. */
  finish(): Promise<void>;
  /** Gives up: the streams are abandoned and their connections closed. */
  abort(): Promise<void>;
}

/**
 * PostgreSQL's bulk path for the seed (decisions 0153, 0159): each table's rows go through one `COPY … FROM STDIN` on a
 * connection of its own, open for the whole load, so the server parses them in as many backends as there are
 * tables while this process generates the next rows, in COPY's binary format. Each COPY commits as a whole when it ends; a seed that fails
 * drops its database anyway.
 */
export function openCopyLoader(url: string): CopyLoader {
  const streams = new Map<
    string,
    Promise<{ client: pg.Client; stream: Writable; types: CopyType[]; rows: BinaryRows }>
  >();
  const open = (table: string, columns: string[]) => {
    let opened = streams.get(table);
    if (!opened) {
      opened = (async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query('set synchronous_commit = off');
        // Documents past TOAST's threshold are compressed as they arrive: LZ4 costs the server a fraction of pglz's CPU
        // and reads back the same on any server built with it. A server without LZ4 keeps its default.
        await client.query(`set default_toast_compression = 'lz4'`).catch(() => {});
        const { rows } = await client.query<{ column_name: string; data_type: string }>(
          'select column_name, data_type from information_schema.columns where table_name = $1',
          [table],
        );
        const typeOf = new Map(rows.map((r) => [r.column_name, r.data_type]));
        const types = columns.map((c) => {
          const type = typeOf.get(c);
          if (type !== 'bigint' && type !== 'integer' && type !== 'text' && type !== 'bytea')
            throw new Error(`the seed cannot copy ${table}.${c} of type ${type ?? 'unknown'}`);
          return type as CopyType;
        });
        const names = columns.map((c) => `"${c}"`).join(', ');
        const stream = client.query(copyFrom(`copy "${table}" (${names}) from stdin with (format binary)`));
        stream.write(COPY_HEADER);
        return { client, stream, types, rows: new BinaryRows() };
      })();
      streams.set(table, opened);
    }
    return opened;
  };
  const ended = (stream: Writable) =>
    new Promise<void>((done, failed) => {
      stream.once('finish', done);
      stream.once('error', failed);
    });
  return {
    async write(table, block) {
      if (rowCount(block) === 0) return;
      const { stream, types, rows: binary } = await open(table, block.columns);
      binary.rows(types, block.values);
      if (!stream.write(binary.take())) await new Promise((done) => stream.once('drain', done));
    },
    async finish() {
      const all = await Promise.all(streams.values());
      await Promise.all(
        all.map(async ({ client, stream }) => {
          const done = ended(stream);
          stream.end(COPY_TRAILER);
          await done;
          await client.end();
        }),
      );
      streams.clear();
    },
    async abort() {
      const all = await Promise.allSettled(streams.values());
      for (const opened of all) {
        if (opened.status === 'fulfilled') {
          opened.value.stream.destroy();
          await opened.value.client.end().catch(() => {});
        }
      }
      streams.clear();
    },
  };
}
