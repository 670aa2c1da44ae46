import { Worker } from 'node:worker_threads';
import type { Database as BetterSqlite } from 'better-sqlite3';

export interface WalCheckpoints {
  /** Stops the thread and closes its connection; call before the store's own connections close. */
  close(): Promise<void>;
}

/** SQLite's own threshold for an automatic checkpoint, in pages of the log (`wal_autocheckpoint`'s default). */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * Moves the write-ahead log's checkpoints off the event loop (decision 0244). SQLite runs a checkpoint inside the
 * commit that takes the log past 1,000 pages: it copies those pages into the database file and flushes both files to
 * disk, and on the connection that committed, that is on the event loop, for tens of milliseconds. Here the store's
 * connection makes none (`wal_autocheckpoint = 0`), and a connection of its own on a worker thread makes a PASSIVE
 * checkpoint of each database's log every `intervalMs`: it waits for no reader or writer, so the event loop never
 * waits for it either. If the thread fails, the store's connection checkpoints as SQLite would by itself again.
 */
export function walCheckpoints(
  connection: BetterSqlite,
  file: string,
  attach: readonly { schema: string; file: string }[],
  intervalMs = 250,
): WalCheckpoints {
  connection.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./wal-checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, attach: attach.map(({ schema, file }) => ({ schema, file })), intervalMs },
  });
  // The store's close ends it; a store left open does not keep the process alive for it.
  worker.unref();
  let closing = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = () => {
    if (!closing && connection.open) connection.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) {
      fallBack();
      void worker.terminate();
    }
  });
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  return {
    async close() {
      closing = true;
      // Held again while it closes: a command that awaits this at its end would otherwise see an empty event loop.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
