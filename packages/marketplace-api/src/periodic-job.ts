/** A job run on a timer, and at once when asked. */
export interface PeriodicJob {
  /** Runs it now; when a run is in progress, once more after it. */
  runNow(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs` (and at once unless `atOnce` is false), one run at a time: a run still going when
 * the timer fires makes that one skip. The timer does not keep the process alive by itself. `task` reports its own
 * errors.
 */
export function startPeriodicJob(
  task: () => Promise<void>,
  options: { intervalMs: number; atOnce: boolean },
): PeriodicJob {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = task().finally(() => {
      running = null;
      if (again) {
        again = false;
        run();
      }
    });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref?.();
  if (options.atOnce) run();
  return {
    runNow() {
      if (running) again = true;
      else run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
