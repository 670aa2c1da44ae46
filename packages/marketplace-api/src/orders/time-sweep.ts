import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Store } from '../db/store.ts';
import type { Clock } from '../domain/time.ts';
import { type PeriodicJob, startPeriodicJob } from '../periodic-job.ts';
import { createOrderWriteRepository, OrderChangedMeanwhile } from './order-write-repository.ts';

/** Due orders read at once, on the index. */
const BATCH = 200;
/**
 * Orders written together: one commit of the group on SQLite, a few transactions on PostgreSQL. Each write reads,
 * renders and writes the order on the event loop (about 3 ms on a 1M-order SQLite file): a few at a time keep each
 * turn short for the requests served meanwhile.
 */
const WRITE_GROUP = 5;

/**
 * Runs what time did to the orders by `now` (decision 0290): pending payments past their deadline end, orders past
 * `expiration_date` release their payments; each change written and notified as the life cycle's. Batch by batch on
 * the `time_due` index, written a few at a time with a turn of the event loop between. Idempotent: a written order
 * is due no more, and where two servers share a store the version check lets one write each change (the other
 * finds it changed and leaves it). Answers how many orders changed here.
 */
export async function sweepOrderTime(store: Store, now: number | Date): Promise<{ changed: number }> {
  const at = typeof now === 'number' ? now : now.getTime();
  const repo = createOrderWriteRepository(store.db, store.group);
  let changed = 0;
  for (;;) {
    const ids = await repo.due(at, BATCH);
    for (let i = 0; i < ids.length; i += WRITE_GROUP) {
      const written = await Promise.all(
        ids.slice(i, i + WRITE_GROUP).map((id) =>
          repo.passTime(id, at).then(
            (w) => (w?.changed ? 1 : 0),
            (error: unknown) => {
              if (error instanceof OrderChangedMeanwhile) return 0;
              throw error;
            },
          ),
        ),
      );
      changed += written.reduce<number>((sum, n) => sum + n, 0);
      await nextTurn();
    }
    if (ids.length < BATCH) return { changed };
  }
}

export interface TimeSweepJobOptions {
  clock: Clock;
  /** Every minute by default. */
  intervalMs?: number;
  onSwept?: (result: { changed: number }) => void;
  onError?: (error: unknown) => void;
}

/**
 * Runs the sweep now and then every interval, one run at a time, for a server left running (as the retention job),
 * and at once when asked: when the clock was seen to move.
 */
export function startTimeSweepJob(store: Store, options: TimeSweepJobOptions): PeriodicJob {
  return startPeriodicJob(
    () =>
      sweepOrderTime(store, options.clock())
        .then((result) => options.onSwept?.(result))
        .catch((error: unknown) => options.onError?.(error)),
    { intervalMs: options.intervalMs ?? 60_000, atOnce: true },
  );
}
