import type { Store } from '../db/store.ts';
import type { Clock } from '../domain/time.ts';
import { startPeriodicJob } from '../periodic-job.ts';
import { createPrivacyRepository } from './privacy-repository.ts';

/** Spec 8: orders created up to 12 months ago are stored. */
export const ORDER_RETENTION_MONTHS = 12;
const BATCH = 1_000;

/** The first instant still kept: the same day and time, twelve calendar months before `now` (UTC). */
export function retentionCutoff(now: number): number {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - ORDER_RETENTION_MONTHS);
  return d.getTime();
}

/** Deletes every order older than the retention period, batch by batch; returns how many. */
export async function purgeExpiredOrders(
  store: Store,
  now: number | Date,
): Promise<{ deleted: number; cutoff: number }> {
  const cutoff = retentionCutoff(typeof now === 'number' ? now : now.getTime());
  const repo = createPrivacyRepository(store.db);
  let deleted = 0;
  for (;;) {
    const n = await repo.purgeOrdersCreatedBefore(cutoff, BATCH);
    deleted += n;
    if (n < BATCH) return { deleted, cutoff };
  }
}

export interface RetentionJobOptions {
  clock: Clock;
  /** Hourly by default. */
  intervalMs?: number;
  /**
   * The first run one interval from now, not at once: a server that purged before serving its first request
   * (`purgeExpiredOrders`) does not purge again under the requests that follow.
   */
  purgedAlready?: boolean;
  onPurged?: (result: { deleted: number; cutoff: number }) => void;
  onError?: (error: unknown) => void;
}

/**
 * Runs the purge now (unless `purgedAlready`) and then every interval, one run at a time. Returns a stop function that waits for a run in
 * progress. The timer does not keep the process alive by itself.
 */
export function startRetentionJob(store: Store, options: RetentionJobOptions): () => Promise<void> {
  return startPeriodicJob(
    () =>
      purgeExpiredOrders(store, options.clock())
        .then((result) => options.onPurged?.(result))
        .catch((error: unknown) => options.onError?.(error)),
    { intervalMs: options.intervalMs ?? 3_600_000, atOnce: !options.purgedAlready },
  ).stop;
}
