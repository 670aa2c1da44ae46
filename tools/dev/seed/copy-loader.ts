import type { Writable } from 'node:stream';
import type { Database } from '@mostrador/marketplace-api/seed';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type RowBlock, rowCount } from './row-block.ts';

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
