/**
 * Runs `task` every `intervalMs` (and at once unless `atOnce` is false), one run at a time: a run still going when
 * the next is due makes that one skip. Returns a stop function that waits for a run in progress. The timer does not
 * keep the process alive by itself. `task` reports its own errors.
 */
export function startPeriodicJob(
  task: () => Promise<void>,
  options: { intervalMs: number; atOnce: boolean },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = task().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref?.();
  if (options.atOnce) run();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
