interface StartContext {
  host: string;
  port: number;
  /** The database as people know it: its file, or `PostgreSQL database NAME` (never a password). */
  database: string;
}

function codeOf(error: unknown): string {
  const e = error as { code?: unknown; cause?: unknown } | null;
  if (e && typeof e.code === 'string') return e.code;
  if (e?.cause) return codeOf(e.cause);
  return '';
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 300);
}

/**
 * The one line a start that cannot go on ends with: what is wrong, named by what the operator chose (port, host,
 * database), and what to do. Never a stack trace.
 */
export function startFailure(error: unknown, at: StartContext): string {
  const code = codeOf(error);
  const message = messageOf(error);
  const where = `${at.host}:${at.port}`;
  if (code === 'EADDRINUSE')
    return `Mostrador cannot start: port ${at.port} on ${at.host} is already in use (another Mostrador?). Stop it, or start this one with another PORT.`;
  if (code === 'EACCES' && /listen/i.test(message))
    return `Mostrador cannot start: listening on ${where} is not allowed. Choose a PORT above 1023.`;
  if (code === 'EADDRNOTAVAIL')
    return `Mostrador cannot start: ${at.host} is not an address of this machine. Set HOST to one of its addresses.`;
  if (code === 'STORE_SERVED_ELSEWHERE')
    return `Mostrador cannot start: the database ${at.database} is already served by another Mostrador. Stop it, or start this one with another DATABASE_FILE.`;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || /database is locked/i.test(message))
    return `Mostrador cannot start: the database ${at.database} is locked by another process. Start again when it is done.`;
  if (code === 'SQLITE_READONLY' || code === 'EROFS')
    return `Mostrador cannot start: the database ${at.database} is on a read-only disk or file here, and Mostrador must write to it.`;
  if (code === 'EACCES')
    return `Mostrador cannot start: it may not write to the folder of the database ${at.database}. Check its permissions.`;
  if (code === 'SQLITE_CANTOPEN' || /unable to open database file/i.test(message))
    return `Mostrador cannot start: the database ${at.database} cannot be opened. Check that its folder exists and is writable.`;
  if (code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR') || code === 'ENOSPC')
    return `Mostrador cannot start: the disk holding ${at.database} is full or failing. Free some space and start again.`;
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
    return `Mostrador cannot start: ${at.database} is not a database Mostrador can read (damaged, or another kind of file).`;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000')
    return `Mostrador cannot start: the ${at.database} cannot be reached with DATABASE_URL (${code}).`;
  return `Mostrador cannot start: ${message}`;
}

/**
 * For a log line about an error while serving: what it means for the store named, when it is about the store's disk
 * (the line's `explanation`); undefined otherwise.
 */
export function storeTrouble(error: unknown, database: string): string | undefined {
  const code = codeOf(error);
  if (code === 'SQLITE_FULL' || code === 'ENOSPC')
    return `The disk holding ${database} is full: changes fail until some space is freed.`;
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO')
    return `The disk holding ${database} is failing (${code}): changes may not be saved.`;
  if (code === 'SQLITE_READONLY' || code === 'EROFS')
    return `${database} can no longer be written (read-only): changes fail until it can.`;
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB')
    return `${database} is damaged: restore it from a backup.`;
  return undefined;
}
