// The store's background thread: copies the write-ahead logs back into the database files (decision 0086), away
// from the thread that answers requests, after the round's own work that the store's owner gives it (the
// marketplace moves its access log's journal into its table here, decision 0088).
// Plain JavaScript: worker threads do not inherit the TypeScript loader, and this needs none.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

// Background work: on Linux a thread's niceness is its own, so this yields the processors to the thread that answers
// requests (and to anything else of normal priority) whenever they are busy. Elsewhere the call would lower the
// whole process, so it is left out; where it is not permitted, the thread runs at the process's priority.
if (process.platform === 'linux') {
  try {
    setPriority(workerData.niceness ?? 10);
  } catch {
    // Not permitted here.
  }
}

const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
for (const { schema, file } of workerData.attach) db.prepare(`attach database ? as ${schema}`).run(file);
const schemas = ['main', ...workerData.attach.map((a) => a.schema)];
// `start(data)` answers `{ round(), close() }`; a round's failure is its own to handle.
const task = workerData.task ? (await import(workerData.task.module)).start(workerData.task.data) : undefined;

const round = () => {
  task?.round();
  // PASSIVE never waits for readers or writers: it copies what it can and leaves the rest to the next round.
  try {
    for (const schema of schemas) db.pragma(`${schema}.wal_checkpoint(PASSIVE)`);
  } catch {
    // Busy now; the next round tries again.
  }
};
const timer = setInterval(round, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  round();
  task?.close();
  db.close();
  parentPort.postMessage('stopped');
});
