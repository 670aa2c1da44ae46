import { rmSync } from 'node:fs';
import { BATCH_TABLES, type OrderBatch } from '@mostrador/marketplace-api/seed';
import SqliteDatabase from 'better-sqlite3';

/** Written into the turn when a writer failed: the others stop waiting and fail too. */
export const TURN_FAILED = -2;
/** The turn before the first chunk: no worker writes until the seed lets them (the order tables are ready). */
export const TURN_CLOSED = -1;

/**
 * Rows into `db`, a list at a time, each row's values bound to an insert prepared once per table and set of columns.
 * The generator makes every row of a table with the same columns.
 */
function rowInserter(db: () => SqliteDatabase.Database) {
  const statements = new Map<
    string,
    { statement: SqliteDatabase.Statement; columns: string[]; values: unknown[] }
  >();
  const insertOf = (table: string, row: object) => {
    const columns = Object.keys(row);
    const key = `${table}:${columns.join(',')}`;
    let insert = statements.get(key);
    if (!insert) {
      const names = columns.map((c) => `"${c}"`).join(', ');
      const statement = db().prepare(
        `insert into "${table}" (${names}) values (${columns.map(() => '?').join(', ')})`,
      );
      insert = { statement, columns, values: new Array(columns.length) };
      statements.set(key, insert);
    }
    return insert;
  };
  return (table: string, rows: readonly object[]) => {
    if (rows.length === 0) return;
    const { statement, columns, values } = insertOf(table, rows[0]!);
    for (const row of rows as Record<string, unknown>[]) {
      for (let k = 0; k < columns.length; k++) values[k] = row[columns[k]!];
      statement.run(values);
    }
  };
}

/** A connection for loading only: no journal, no waiting for the disk, no foreign key checked row by row. */
function loadingConnection(file: string) {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -131072');
  return db;
}

/**
 * A seed worker's own connection to the SQLite file being seeded (decision 0202): it writes the chunks it generated
 * itself, in chunk order, taking turns with the other workers through `turn` (a shared Int32Array holding the next
 * chunk to write). The connection is opened at the first write, once the seed has opened the turns. Like the bulk
 * load it replaces it skips the journal and the waits for the disk, and checks no foreign key row by row.
 */
export function openChunkWriter(file: string, turn: Int32Array) {
  let db: SqliteDatabase.Database | undefined;
  const connection = () => {
    if (db) return db;
    db = loadingConnection(file);
    // Turns keep the writers apart; this is for anything else that holds the file a moment.
    db.pragma('busy_timeout = 60000');
    return db;
  };
  const insert = rowInserter(connection);

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
        connection()
          .transaction(() => {
            for (const [part, table] of BATCH_TABLES) insert(table, batch[part]);
          })
          .immediate();
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

/**
 * Lists of rows staged in a SQLite file of their own, made afresh (decision 0217): a table per list, named as given,
 * its columns those of its rows and without types, so each value is kept as it was bound. The seed copies them into
 * the store with one `insert … select` a table while the worker goes on; an empty list makes no table.
 */
export function stageRows(file: string, lists: readonly (readonly [string, readonly object[]])[]) {
  rmSync(file, { force: true });
  const db = loadingConnection(file);
  try {
    const insert = rowInserter(() => db);
    db.transaction(() => {
      for (const [table, rows] of lists) {
        if (rows.length === 0) continue;
        db.exec(
          `create table "${table}" (${Object.keys(rows[0]!)
            .map((c) => `"${c}"`)
            .join(', ')})`,
        );
        insert(table, rows);
      }
    })();
  } finally {
    db.close();
  }
}
