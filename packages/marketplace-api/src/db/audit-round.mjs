// Each round of the store's background thread first moves the access log's journal into its table (decision 0088),
// on a connection of its own. Plain JavaScript: worker threads do not inherit the TypeScript loader.
import Database from 'better-sqlite3';
import { ingestJournal } from './audit-journal.mjs';

export function start({ auditFile }) {
  const audit = new Database(auditFile);
  audit.pragma('busy_timeout = 5000');
  audit.pragma('synchronous = NORMAL');
  return {
    round() {
      try {
        ingestJournal(audit, auditFile);
      } catch {
        // Busy or short of space now; the lines stay in the journal for the next round.
      }
    },
    close() {
      audit.close();
    },
  };
}
