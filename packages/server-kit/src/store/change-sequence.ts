import { type Kysely, sql } from 'kysely';
import type { Dialect, SnapshotRead } from './store.ts';

/**
 * The store's change sequence (decision 0240): one number, `store_changes.seq`, that triggers on the watched tables
 * raise in the same transaction as every change to them, whoever makes it — this process, another one, another
 * instance, a command such as the privacy tool, a hand-written `update`. Two equal readings mean that nothing was
 * committed to those tables in between. Whatever a process keeps in memory of those tables is kept with the reading
 * taken before it was read, and served only while a later reading is the same.
 *
 * SQLite: a row trigger per table and event; the store has one writer at a time, so the number rises in commit order.
 * PostgreSQL: a deferred constraint trigger, raising the number once per transaction as it commits. The row is locked
 * last, when the transaction holds every other lock it will take, so no transaction waits for it while holding
 * something its holder needs (no deadlock); transactions that change watched tables commit one after the other.
 */
export interface ChangeSequence {
  /** The sequence as of a moment after this call: every commit acknowledged before the call is counted. */
  read(): Promise<number>;
}

const TABLE = 'store_changes';
const EVENTS = ['insert', 'update', 'delete'] as const;
const trigger = (table: string, event?: string) => `${TABLE}_${table}${event ? `_${event}` : ''}`;

function checkName(name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a table name: ${name}`);
}

/** Creates the sequence's table (once) and its triggers on `tables`. */
export async function createChangeSequence(db: Kysely<unknown>, dialect: Dialect, tables: readonly string[]) {
  await sql`create table if not exists store_changes (
    id integer primary key check (id = 1),
    seq bigint not null
  )`.execute(db);
  await sql`insert into store_changes (id, seq) values (1, 0) on conflict (id) do nothing`.execute(db);
  if (dialect === 'postgres') {
    // `set_config(…, true)` lasts until the transaction ends: the first watched row of a transaction raises the
    // number, the others find it raised.
    await sql`create or replace function store_changes_note() returns trigger language plpgsql as $$
      begin
        if coalesce(current_setting('store_changes.noted', true), '') <> 'y' then
          perform set_config('store_changes.noted', 'y', true);
          update store_changes set seq = seq + 1 where id = 1;
        end if;
        return null;
      end $$`.execute(db);
  }
  await watchTables(db, dialect, tables);
}

/** Adds the triggers that raise the sequence to `tables`. */
export async function watchTables(db: Kysely<unknown>, dialect: Dialect, tables: readonly string[]) {
  for (const table of tables) {
    checkName(table);
    if (dialect === 'postgres') {
      await sql
        .raw(
          `create constraint trigger ${trigger(table)} after insert or update or delete on ${table}
            deferrable initially deferred for each row execute function store_changes_note()`,
        )
        .execute(db);
      continue;
    }
    for (const event of EVENTS) {
      await sql
        .raw(
          `create trigger if not exists ${trigger(table, event)} after ${event} on ${table}
            begin update store_changes set seq = seq + 1 where id = 1; end`,
        )
        .execute(db);
    }
  }
}

/**
 * Removes the triggers from `tables`, for a bulk load into a store nobody reads yet; `watchTables` puts them back,
 * and the load raises the sequence itself once it is done (`raiseChangeSequence`).
 */
export async function unwatchTables(db: Kysely<unknown>, dialect: Dialect, tables: readonly string[]) {
  for (const table of tables) {
    checkName(table);
    if (dialect === 'postgres') {
      await sql.raw(`drop trigger if exists ${trigger(table)} on ${table}`).execute(db);
      continue;
    }
    for (const event of EVENTS) await sql.raw(`drop trigger if exists ${trigger(table, event)}`).execute(db);
  }
}

/** Raises the sequence by hand: after a load made without the triggers. */
export async function raiseChangeSequence(db: Kysely<unknown>) {
  await sql`update store_changes set seq = seq + 1 where id = 1`.execute(db);
}

/**
 * Reads the sequence, one reading for every caller waiting for it, always taken after each of them called: so each
 * reading counts every commit acknowledged before its call, and a busy server reads once for many requests rather
 * than once each.
 *
 * With a SQLite snapshot reader the reading is taken in the event loop's check phase (`setImmediate`), after every
 * request that arrived in this turn has asked: one statement on the reader's own connection, which sees every commit
 * made before it. Elsewhere (PostgreSQL) one query at a time: calls that arrive while a query is under way wait for
 * the next one, which starts after they arrived.
 */
export function changeSequenceReader(db: Kysely<unknown>, read?: SnapshotRead): ChangeSequence {
  if (read) {
    let next: Promise<number> | undefined;
    return {
      read() {
        next ??= new Promise<number>((resolve, reject) => {
          setImmediate(() => {
            next = undefined;
            try {
              resolve(Number(read<{ seq: number }>(SELECT, [])[0]!.seq));
            } catch (error) {
              reject(error);
            }
          });
        });
        return next;
      },
    };
  }
  const query = async () =>
    Number(
      (await sql<{ seq: number | string }>`select seq from store_changes where id = 1`.execute(db)).rows[0]!
        .seq,
    );
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  const start = () => {
    const reading = query().finally(() => {
      if (running === reading) running = undefined;
    });
    running = reading;
    return reading;
  };
  return {
    read() {
      if (!running) return start();
      queued ??= running
        .catch(() => {})
        .then(() => {
          queued = undefined;
          return start();
        });
      return queued;
    },
  };
}

const SELECT = 'select seq from store_changes where id = 1';
