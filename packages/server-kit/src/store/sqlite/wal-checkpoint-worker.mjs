// The write-ahead log's checkpoints, run on a thread of their own (see wal-checkpoints.ts). Plain JavaScript: a
// worker thread does not inherit the TypeScript loader of the thread that starts it.
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

const { file, attach, intervalMs } = workerData;
const db = new SqliteDatabase(file);
db.pragma('synchronous = FULL');
for (const { schema, file: attached } of attach) db.prepare(`attach database ? as ${schema}`).run(attached);
const checkpoints = ['main', ...attach.map((a) => a.schema)].map((schema) =>
  db.prepare(`pragma ${schema}.wal_checkpoint(PASSIVE)`),
);

function checkpoint() {
  // PASSIVE copies what no reader still needs and waits for nobody; a log with nothing new costs a lock and a look.
  for (const statement of checkpoints) statement.run();
}

const timer = setInterval(() => {
  try {
    checkpoint();
  } catch (error) {
    clearInterval(timer);
    parentPort.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  }
}, intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
