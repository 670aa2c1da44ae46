// The store's background thread: copies the write-ahead logs back into the database files (decision 0086) and moves
// the access log's journal into its table (decision 0088), away from the thread that answers requests.
// Plain JavaScript: worker threads do not inherit the TypeScript loader, and this needs none.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { ingestJournal } from './audit-journal.mjs';

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
db.prepare('attach database ? as audit').run(workerData.auditFile);
const audit = new Database(workerData.auditFile);
audit.pragma('busy_timeout = 5000');
audit.pragma('synchronous = NORMAL');

const round = () => {
  try {
    ingestJournal(audit, workerData.auditFile);
  } catch {
    // Busy or short of space now; the lines stay in the journal for the next round.
  }
  // PASSIVE never waits for readers or writers: it copies what it can and leaves the rest to the next round.
  try {
    db.pragma('main.wal_checkpoint(PASSIVE)');
    db.pragma('audit.wal_checkpoint(PASSIVE)');
  } catch {
    // Busy now; the next round tries again.
  }
};
const timer = setInterval(round, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  round();
  audit.close();
  db.close();
  parentPort.postMessage('stopped');
});
