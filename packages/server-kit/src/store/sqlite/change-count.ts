import { closeSync, openSync, readSync } from 'node:fs';

/** The wal-index header's first copy: iVersion, unused, iChange, isInit… (https://www.sqlite.org/walformat.html). */
const HEADER_BYTES = 48;
const WALINDEX_VERSION = 3007000;

/**
 * Open descriptors of `-shm` files, one per file and process, with how many stores use each. Closing any descriptor
 * of a file releases every POSIX lock this process holds on it, SQLite's own included (its read marks and the lock
 * that tells other processes the wal-index is in use): a descriptor is closed only once no store of this process
 * has the database open any more.
 */
const descriptors = new Map<string, { fd: number; users: number }>();

function acquire(path: string): number | undefined {
  const known = descriptors.get(path);
  if (known) {
    known.users++;
    return known.fd;
  }
  try {
    const fd = openSync(path, 'r');
    descriptors.set(path, { fd, users: 1 });
    return fd;
  } catch {
    return undefined;
  }
}

function release(path: string) {
  const known = descriptors.get(path);
  if (!known) return;
  if (--known.users === 0) {
    descriptors.delete(path);
    closeSync(known.fd);
  }
}

export interface ChangeCounter {
  /** Changes committed so far, as far as this process can tell: equal answers mean nothing was committed between. */
  count(): number;
  /** Call once this store's connections are closed. */
  close(): void;
}

/**
 * The change count of a SQLite database in WAL mode (decision 0087), read from its wal-index header rather than with
 * `PRAGMA data_version`. Every commit, by any connection of any process, rewrites that header (its change counter,
 * last frame and checksums) before the commit returns, so a header byte for byte as last seen means that nothing was
 * committed since. One read of 48 bytes from the `-shm` file, where the pragma takes and releases a read lock (a
 * statement and two system calls). Where the header cannot be read or does not look like one, the pragma is asked.
 * Call it after the database was first read in WAL mode (the wal-index exists then).
 */
export function walChangeCounter(file: string, pragma: () => number): ChangeCounter {
  const path = `${file}-shm`;
  const fd = acquire(path);
  const seen = Buffer.alloc(HEADER_BYTES);
  const now = Buffer.alloc(HEADER_BYTES);
  const readHeader = () => fd !== undefined && readSync(fd, now, 0, HEADER_BYTES, 0) === HEADER_BYTES;
  const looksRight = () =>
    now.readUInt32LE(0) === WALINDEX_VERSION || now.readUInt32BE(0) === WALINDEX_VERSION;
  if (!readHeader() || !looksRight() || now[12] !== 1) {
    if (fd !== undefined) release(path);
    return { count: pragma, close() {} };
  }
  now.copy(seen);
  let changes = 0;
  let closed = false;
  return {
    count() {
      readHeader();
      if (!now.equals(seen)) {
        now.copy(seen);
        changes++;
      }
      return changes;
    },
    close() {
      if (closed) return;
      closed = true;
      release(path);
    },
  };
}
