import SqliteDatabase from 'better-sqlite3';

/** A second server on a SQLite store that one already serves. */
export class StoreServedElsewhere extends Error {
  readonly code = 'STORE_SERVED_ELSEWHERE';
  constructor(readonly file: string) {
    super(`the database ${file} is already served by another process`);
  }
}

/**
 * Makes this process the one server of a SQLite store (decision 0251): SQLite's own exclusive lock on a small file
 * beside the store (`<file>.server-lock`), held until `release()` or the process ends, however it ends — the
 * operating system drops the locks of a process that is gone, so a start after `kill -9` finds it free. The store
 * itself is not locked: the commands that work on it beside the server open it as before. Throws
 * `StoreServedElsewhere` when another process holds the lock.
 */
export function lockSqliteServer(file: string): { release(): void } {
  // No waiting: a server already there does not leave.
  const lock = new SqliteDatabase(`${file}.server-lock`, { timeout: 0 });
  try {
    // No journal file beside it: the lock is all this database is for.
    lock.pragma('journal_mode = MEMORY');
    lock.exec('begin exclusive');
  } catch (error) {
    lock.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') throw new StoreServedElsewhere(file);
    throw error;
  }
  return { release: () => lock.close() };
}
