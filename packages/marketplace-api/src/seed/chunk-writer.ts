import SqliteDatabase from 'better-sqlite3';
import type { OrderBatch } from './generate.ts';
import { BATCH_TABLES } from './row-block.ts';

/** Written into the turn when a writer failed: the others stop waiting and fail too. */
export const TURN_FAILED = -2;
/** The turn before the first chunk: no worker writes until the seed lets them (the order tables are ready). */
export const TURN_CLOSED = -1;

/**
 * A seed worker's own connection to the SQLite file being seeded (decision 0202): it writes the chunks it generated
 * itself, in chunk order, taking turns with the other workers through `turn` (a shared Int32Array holding the next
 * chunk to write). The connection is opened at the first write, once the seed has opened the turns. Like the bulk
 * load it replaces it skips the journal and the waits for the disk, and checks no foreign key row by row.
 */
export function openChunkWriter(file: string, turn: Int32Array) {
  let db: SqliteDatabase.Database | undefined;
  const statements = new Map<
    string,
    { statement: SqliteDatabase.Statement; columns: string[]; values: unknown[] }
  >();

  const connection = () => {
    if (db) return db;
    db = new SqliteDatabase(file);
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF');
    db.pragma('cache_size = -131072');
    // Turns keep the writers apart; this is for anything else that holds the file a moment.
    db.pragma('busy_timeout = 60000');
    return db;
  };

  /** One row's insert per table and set of columns, prepared once. */
  const insertOf = (table: string, row: object) => {
    const columns = Object.keys(row);
    const key = `${table}:${columns.join(',')}`;
    let insert = statements.get(key);
    if (!insert) {
      const names = columns.map((c) => `"${c}"`).join(', ');
      const statement = connection().prepare(
        `insert into "${table}" (${names}) values (${columns.map(() => '?').join(', ')})`,
      );
      insert = { statement, columns, values: new Array(columns.length) };
      statements.set(key, insert);
    }
    return insert;
  };

  const waitForTurn = (chunk: number) => {
    for (;;) {
      const now = Atomics.load(turn, 0);
      if (now === chunk) return;
      if (now === TURN_FAILED) throw new Error('another seed worker failed');
      if (now > chunk) throw new Error(`chunk ${chunk} was passed over`);
      Atomics.wait(turn, 0, now);
    }
  };

  return {
    /** Writes chunk `chunk`'s rows in one transaction once the chunks before it are written; answers its orders. */
    write(chunk: number, batch: OrderBatch): number {
      try {
        waitForTurn(chunk);
        const db = connection();
        db.transaction(() => {
          for (const [part, table] of BATCH_TABLES) {
            const rows = batch[part] as object[];
            if (rows.length === 0) continue;
            // The generator makes every row of a table with the same columns (as the insert of a whole block did).
            const { statement, columns, values } = insertOf(table, rows[0]!);
            for (const row of rows as Record<string, unknown>[]) {
              for (let k = 0; k < columns.length; k++) values[k] = row[columns[k]!];
              statement.run(values);
            }
          }
        }).immediate();
      } catch (error) {
        Atomics.store(turn, 0, TURN_FAILED);
        Atomics.notify(turn, 0);
        throw error;
      }
      Atomics.store(turn, 0, chunk + 1);
      Atomics.notify(turn, 0);
      return batch.orders.length;
    },
    close() {
      db?.close();
    },
  };
}
