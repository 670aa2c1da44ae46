// Copies the write-ahead log back into the database file, away from the thread that serves requests (decision 0086).
// Plain JavaScript: worker threads do not inherit the TypeScript loader, and this needs none.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
db.prepare('attach database ? as audit').run(workerData.auditFile);
// PASSIVE never waits for readers or writers: it copies what it can and leaves the rest to the next round.
const checkpoint = () => {
  try {
    db.pragma('main.wal_checkpoint(PASSIVE)');
    db.pragma('audit.wal_checkpoint(PASSIVE)');
  } catch {
    // Busy now; the next round tries again.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.postMessage('stopped');
});
