import type { Writable } from 'node:stream';
import { type Insertable, type Kysely, sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { isPostgres } from '../db/dialect.ts';
import { createIndexes, dropIndexes } from '../db/migrations/0001-orders.ts';
import { type Precompiled, precompiled } from '../db/precompiled.ts';
import type { Database } from '../db/schema.ts';

/** A foreign key as PostgreSQL describes it, to drop and add again around a bulk load. */
export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

// Both stores accept well over this many bound parameters in one statement (SQLite 32766, PostgreSQL 65535).
const MAX_PARAMETERS = 30_000;

/**
 * Bulk loading for the seed: multi-row inserts sized to the store's parameter limit, each shape (table, columns,
 * row count) compiled once, so a million rows cost their binding and writing rather than query building.
 */
export function createSeedRepository(db: Kysely<Database>) {
  const shapes = new Map<string, Precompiled<unknown>>();

  async function insertMany<T extends keyof Database>(table: T, rows: Insertable<Database[T]>[]) {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0] as object);
    const chunk = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
    // Full chunks, then the rest in power-of-two pieces: a handful of shapes to compile, whatever the row count.
    for (let i = 0; i < rows.length; ) {
      const left = rows.length - i;
      const size = left >= chunk ? chunk : 2 ** Math.floor(Math.log2(left));
      const slice = rows.slice(i, i + size) as Record<string, unknown>[];
      i += size;
      const key = `${table}:${columns.join(',')}:${slice.length}`;
      let insert = shapes.get(key);
      if (!insert) {
        insert = precompiled(db, (db, param) =>
          db.insertInto(table).values(
            // Kysely cannot narrow the insert type of a generic table name; the rows are typed by the caller.
            slice.map((_, r) =>
              Object.fromEntries(columns.map((c, k) => [c, param(r * columns.length + k)])),
            ) as unknown as Parameters<ReturnType<typeof db.insertInto<T>>['values']>[0],
          ),
        );
        shapes.set(key, insert);
      }
      const values = new Array<unknown>(slice.length * columns.length);
      let k = 0;
      for (const row of slice) for (const c of columns) values[k++] = row[c];
      await insert(...values);
    }
  }

  return {
    insertMany,
    dropOrderIndexes: () => dropIndexes(db as Kysely<unknown>),
    async createOrderIndexes() {
      // PostgreSQL sorts each index in memory rather than in temporary files when given room (this transaction only).
      if (isPostgres(db)) await sql`set local maintenance_work_mem = '512MB'`.execute(db);
      await createIndexes(db as Kysely<unknown>);
    },
    /** How long the seed command took, kept with the data for the benchmark's report. */
    async recordSeedSeconds(seconds: number) {
      await db
        .insertInto('store_meta')
        .values({ key: 'seed_seconds', value: seconds.toFixed(1) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: seconds.toFixed(1) }))
        .execute();
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
    /** Fresh planner statistics after a bulk load (PostgreSQL; SQLite plans from its indexes alone). */
    async analyze() {
      if (isPostgres(db)) await sql`analyze`.execute(db);
    },
    async isEmpty(): Promise<boolean> {
      const row = await db.selectFrom('users').select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
      return row === undefined;
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

/** One value in COPY's text format: `\N` for null, bytes as `\\x…` hex, text with its specials escaped. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Uint8Array)
    return `\\\\x${Buffer.from(value.buffer, value.byteOffset, value.length).toString('hex')}`;
  return String(value).replace(/[\\\t\n\r]/g, (ch) =>
    ch === '\\' ? '\\\\' : ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r',
  );
}

export interface CopyLoader {
  /** Appends rows to the table's stream, waiting only when the server is behind. */
  write<T extends keyof Database>(table: T, rows: Insertable<Database[T]>[]): Promise<void>;
  /** Ends every stream and waits until the server has taken every row. */
  finish(): Promise<void>;
  /** Gives up: the streams are abandoned and their connections closed. */
  abort(): Promise<void>;
}

/**
 * PostgreSQL's bulk path for the seed (decision 0153): each table's rows go through one `COPY … FROM STDIN` on a
 * connection of its own, open for the whole load, so the server parses them in as many backends as there are
 * tables while this process generates the next rows. Each COPY commits as a whole when it ends; a seed that fails
 * drops its database anyway.
 */
export function openCopyLoader(url: string): CopyLoader {
  const streams = new Map<string, Promise<{ client: pg.Client; stream: Writable }>>();
  const open = (table: string, columns: string[]) => {
    let opened = streams.get(table);
    if (!opened) {
      opened = (async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query('set synchronous_commit = off');
        const names = columns.map((c) => `"${c}"`).join(', ');
        const stream = client.query(copyFrom(`copy "${table}" (${names}) from stdin`));
        return { client, stream };
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
    async write(table, rows) {
      if (rows.length === 0) return;
      const columns = Object.keys(rows[0] as object);
      const { stream } = await open(table, columns);
      let text = '';
      for (const row of rows as Record<string, unknown>[]) {
        for (let i = 0; i < columns.length; i++) {
          if (i > 0) text += '\t';
          text += copyValue(row[columns[i]!]);
        }
        text += '\n';
      }
      if (!stream.write(text)) await new Promise((done) => stream.once('drain', done));
    },
    async finish() {
      const all = await Promise.all(streams.values());
      await Promise.all(
        all.map(async ({ client, stream }) => {
          const done = ended(stream);
          stream.end();
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
