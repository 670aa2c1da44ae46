import { type RawBuilder, sql } from 'kysely';
import { listenChannel } from '../store/postgres/listen.ts';
import type { Dialect, SnapshotRead } from '../store/store.ts';

/** A connection or transaction of any store's handle. */
type Executor = Parameters<RawBuilder<unknown>['execute']>[0];

/** What every part reads for "now": the marketplace's time, which a test clock may have moved ahead. */
export type Clock = () => Date;

/** The machine's time: deployments, and whatever measures how long something took. */
export const systemClock: Clock = () => new Date();

/*
 * The store's test clock (decision 0289): one row of `store_clock`, how far ahead of the machine's time the store's
 * time runs. Every process on the store reads it (the servers, the commands); it only moves forward, except a reset
 * back to the machine's time.
 */
/** PostgreSQL: the channel that tells every instance the clock moved. */
export const CLOCK_CHANNEL = 'mostrador_clock';
const SELECT = 'select offset_ms from store_clock where id = 1';

/** Creates the clock's row (once), at the machine's time. */
export async function createClockTable(db: Executor): Promise<void> {
  await sql`create table if not exists store_clock (
    id integer primary key check (id = 1),
    offset_ms bigint not null
  )`.execute(db);
  await sql`insert into store_clock (id, offset_ms) values (1, 0) on conflict (id) do nothing`.execute(db);
}

/** How far ahead of the machine's time the store's clock is, in ms. */
export async function readClockOffset(db: Executor): Promise<number> {
  const { rows } = await sql<{
    offset_ms: number | string;
  }>`select offset_ms from store_clock where id = 1`.execute(db);
  return rows[0] ? Number(rows[0].offset_ms) : 0;
}

/**
 * Moves the store's clock to `offsetMs` ahead of the machine's, in the caller's transaction; on PostgreSQL every
 * instance hears it when that commits.
 */
export async function writeClockOffset(trx: Executor, dialect: Dialect, offsetMs: number): Promise<void> {
  if (!Number.isSafeInteger(offsetMs) || offsetMs < 0)
    throw new RangeError('the clock runs at or ahead of now');
  await sql`update store_clock set offset_ms = ${offsetMs} where id = 1`.execute(trx);
  if (dialect === 'postgres') await sql`select pg_notify(${CLOCK_CHANNEL}, '')`.execute(trx);
}

export interface StoreClock {
  /** The store's time. */
  clock: Clock;
  /** The store's time in epoch ms. */
  now(): number;
  /** Reads the row again (after this process moved the clock; PostgreSQL does it by itself on every move). */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreClockOptions {
  /** Called after the clock was seen to move (PostgreSQL: heard from another process or instance). */
  onMove?: () => void;
  onError?: (error: unknown) => void;
}

/**
 * The clock of a store, as every process on it reads it. A SQLite file is read once per turn of the event loop
 * on the snapshot reader's connection (one row by its key), so a move another process committed counts from the
 * next turn on. A
 * PostgreSQL instance keeps the offset in memory and reads it again at each notification on `CLOCK_CHANNEL`, and
 * when its listening connection comes back (a move may have been missed). A store without either (in memory) knows
 * only the moves `refresh` reads.
 */
export async function openStoreClock(
  store: { db: Executor; dialect: Dialect; url?: string; read?: SnapshotRead },
  options: StoreClockOptions = {},
): Promise<StoreClock> {
  const { read } = store;
  if (read) {
    // Read once per turn of the event loop: the calls of one turn (a request reads the time more than once) see one
    // time, and the next turn sees a move another process committed.
    let thisTurn: number | undefined;
    const offset = () => {
      if (thisTurn === undefined) {
        thisTurn = Number(read<{ offset_ms: number }>(SELECT, [])[0]?.offset_ms ?? 0);
        setImmediate(() => {
          thisTurn = undefined;
        });
      }
      return thisTurn;
    };
    const now = () => Date.now() + offset();
    return { clock: () => new Date(now()), now, refresh: async () => {}, close: async () => {} };
  }
  let offset = await readClockOffset(store.db);
  const refresh = async () => {
    const before = offset;
    offset = await readClockOffset(store.db);
    if (offset !== before) options.onMove?.();
  };
  const heard = () => {
    refresh().catch((error: unknown) => options.onError?.(error));
  };
  const channel =
    store.dialect === 'postgres' && store.url
      ? listenChannel(store.url, CLOCK_CHANNEL, {
          applicationName: 'mostrador-clock',
          onNotify: heard,
          onGap: heard,
          ...(options.onError ? { onError: options.onError } : {}),
        })
      : undefined;
  // Moves made before the LISTEN was in place were not heard.
  await channel?.ready();
  await refresh();
  const now = () => Date.now() + offset;
  return {
    clock: () => new Date(now()),
    now,
    refresh,
    close: async () => {
      await channel?.close();
    },
  };
}
