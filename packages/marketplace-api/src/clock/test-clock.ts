import {
  openStoreClock,
  readClockOffset,
  type StoreClock,
  writeClockOffset,
} from '@mostrador/server-kit/clock';
import type { Store } from '../db/store.ts';
import { ringOutbox } from '../notifications/outbox-signal.ts';
import { sweepOrderTime } from '../orders/time-sweep.ts';
import { purgeExpiredOrders } from '../privacy/retention.ts';

/**
 * The marketplace's test clock in local use (decision 0289): `advance`, `set` and `reset` move the store's clock,
 * which every process on the store reads; a move runs what the time passed would have run.
 */
export type ClockMove = { advance: string } | { set: string } | { reset: true };

export interface ClockReading {
  /** The marketplace's time, ISO 8601 in UTC. */
  now: string;
  /** How far ahead of the machine's time, in ms (0: the machine's time). */
  offset_ms: number;
}

export interface ClockMoved extends ClockReading {
  /** Orders the move took past the 12-month retention, purged. */
  purged: number;
  /** Orders the move changed: pending payments expired, orders past `expiration_date` (decision 0290). */
  changed: number;
}

/** A move the test clock refuses, said in a sentence. */
export class ClockMoveRefused extends Error {}

const UNITS: Record<string, number> = {
  s: 1_000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};
const DURATION = /^([1-9]\d{0,5})(s|min|h|d|w|mo|y)$/;

/** `15d` from `from` (epoch ms): seconds, minutes, hours, days and weeks exact, months and years by the calendar (UTC). */
export function afterDuration(from: number, text: string): number {
  const match = DURATION.exec(text.trim());
  if (!match) {
    throw new ClockMoveRefused(
      `"${text}" is no duration: a whole number and one of s, min, h, d, w, mo, y (15d, 6h, 13mo)`,
    );
  }
  const n = Number(match[1]);
  const unit = match[2]!;
  if (unit === 'mo' || unit === 'y') {
    const d = new Date(from);
    d.setUTCMonth(d.getUTCMonth() + (unit === 'y' ? 12 * n : n));
    return d.getTime();
  }
  return from + n * UNITS[unit]!;
}

const reading = (offset: number, at = Date.now()): ClockReading => ({
  now: new Date(at + offset).toISOString(),
  offset_ms: offset,
});

/** The marketplace's time as the store's clock gives it. */
export async function readClock(store: Pick<Store, 'db'>): Promise<ClockReading> {
  return reading(await readClockOffset(store.db));
}

/** The marketplace's time in epoch ms, for a command that runs once (a server keeps `openMarketplaceClock`). */
export async function clockNow(store: Pick<Store, 'db'>): Promise<number> {
  return Date.now() + (await readClockOffset(store.db));
}

/**
 * Moves the store's clock and runs what the time passed would have run: orders past the 12-month retention are
 * purged, what time does to the others is written and notified (`sweepOrderTime`), and the notification dispatcher
 * looks at once for the attempts that came due (this process's at once; the others at their next look, PostgreSQL
 * instances when they hear the move). Tokens, the feedback reply window and everything else read the clock when they
 * are used. The clock only moves forward, except `reset`.
 */
export async function moveClock(store: Store, move: ClockMove): Promise<ClockMoved> {
  const real = Date.now();
  const current = real + (await readClockOffset(store.db));
  let target: number;
  if ('reset' in move) target = real;
  else if ('advance' in move) target = afterDuration(current, move.advance);
  else {
    target = Date.parse(move.set);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(move.set) || Number.isNaN(target)) {
      throw new ClockMoveRefused(`"${move.set}" is no ISO 8601 time (2027-01-01T00:00:00Z)`);
    }
    if (target < current) {
      throw new ClockMoveRefused(
        `the clock only moves forward: it reads ${new Date(current).toISOString()} (reset goes back to the machine's time)`,
      );
    }
  }
  const offset = Math.max(0, target - real);
  if (!Number.isSafeInteger(offset) || offset > 100 * 366 * 86_400_000) {
    throw new ClockMoveRefused('the clock moves at most a hundred years ahead');
  }
  await store.group.run((trx) => writeClockOffset(trx, store.dialect, offset));
  const { deleted } = await purgeExpiredOrders(store, real + offset);
  const { changed } = await sweepOrderTime(store, real + offset);
  ringOutbox(store.db);
  return { ...reading(offset, real), purged: deleted, changed };
}

/**
 * The clock a server reads in local use: the store's, with the dispatcher of this process woken when another
 * process or instance moved it (retries may have come due), and `onMove` told (the server sweeps what time did to
 * its orders).
 */
export function openMarketplaceClock(
  store: Store,
  options: { onError?: (error: unknown) => void; onMove?: () => void } = {},
): Promise<StoreClock> {
  const { onMove, ...rest } = options;
  return openStoreClock(store, {
    onMove: () => {
      ringOutbox(store.db);
      onMove?.();
    },
    ...rest,
  });
}
