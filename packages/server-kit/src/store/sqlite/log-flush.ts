import { type FileHandle, open } from 'node:fs/promises';

export interface LogFlusher {
  /** Settles once everything written to the log before the call is on disk. */
  (): Promise<void>;
  /** Closes the log file; call with the store's connections (SQLite removes the log when the last one closes). */
  close(): Promise<void>;
}

/**
 * Flushes a SQLite database's write-ahead log (`<file>-wal`) to disk from libuv's thread pool, so the event loop goes
 * on while the disk works (decision 0241). Calls that arrive while a flush runs share the next one: it starts after
 * the running one, so it covers everything written before they asked. The log file stays open between flushes: SQLite
 * keeps the same file while any connection to the database is open, and the store's connections are.
 */
export function logFlusher(databaseFile: string): LogFlusher {
  const logFile = `${databaseFile}-wal`;
  let handle: Promise<FileHandle> | null = null;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  async function flushOnce(): Promise<void> {
    if (!handle) {
      handle = open(logFile, 'r');
      // A log that could not be opened (not there yet) is looked for again next time.
      handle.catch(() => {
        handle = null;
      });
    }
    await (await handle).datasync();
  }

  function start(): Promise<void> {
    const flush = flushOnce().finally(() => {
      if (running === flush) running = null;
    });
    running = flush;
    return flush;
  }

  const flush = (): Promise<void> => {
    if (!running) return start();
    if (!next) {
      next = running
        .catch(() => {})
        .then(() => {
          next = null;
          return start();
        });
    }
    return next;
  };
  return Object.assign(flush, {
    async close() {
      const open = handle;
      handle = null;
      await (await open?.catch(() => null))?.close();
    },
  });
}
