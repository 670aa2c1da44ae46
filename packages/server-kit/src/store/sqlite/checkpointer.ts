import { Worker } from 'node:worker_threads';

export interface Checkpointer {
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  file: string;
  /** Databases attached to the main one; their logs are checkpointed too. */
  attach: readonly { schema: string; file: string }[];
  /** A module whose `start(data)` answers `{ round(), close() }`: work of each round, before the checkpoints. */
  task?: { module: URL; data?: unknown };
  onFailure: () => void;
  intervalMs?: number;
}

/**
 * Checkpoints the write-ahead log from a worker thread every `intervalMs` (decision 0086). A checkpoint writes
 * pages back into the database file and flushes it to disk, which stalls whoever runs it for milliseconds; left to
 * SQLite it is run by the commit that crosses the threshold, on the thread that answers requests.
 */
export function startCheckpointer(options: CheckpointerOptions): Checkpointer {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: {
      file: options.file,
      attach: options.attach,
      intervalMs: options.intervalMs ?? 200,
      ...(options.task ? { task: { module: options.task.module.href, data: options.task.data } } : {}),
    },
  });
  worker.unref();
  let failed = false;
  let stopping: Promise<void> | undefined;
  worker.on('error', () => {
    failed = true;
    options.onFailure();
  });
  return {
    stop() {
      stopping ??= (async () => {
        if (failed) return;
        const stopped = new Promise<void>((resolve) => {
          worker.once('message', () => resolve());
          worker.once('exit', () => resolve());
        });
        worker.postMessage('stop');
        await stopped;
        await worker.terminate();
      })();
      return stopping;
    },
  };
}
