import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';

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

/** The part of @riaskov/mmap-io this module uses. */
interface Mapper {
  map(size: number, protection: number, flags: number, fd: number, offset?: number): Buffer;
  readonly PROT_READ: number;
  readonly MAP_SHARED: number;
  readonly PAGESIZE: number;
}

let mapper: Mapper | null | undefined;

/**
 * The memory mapper, an optional dependency with native code: where it could not be built, the header is read
 * with a system call instead (the same answers, a few microseconds more each).
 */
function loadMapper(): Mapper | null {
  if (mapper === undefined) {
    try {
      const loaded = createRequire(import.meta.url)('@riaskov/mmap-io') as Mapper | { default: Mapper };
      mapper = 'default' in loaded ? loaded.default : loaded;
    } catch {
      mapper = null;
    }
  }
  return mapper;
}

export interface ChangeCounter {
  /** Changes committed so far, as far as this process can tell: equal answers mean nothing was committed between. */
  count(): number;
  /**
   * How it tells: the wal-index header read in place through a memory map, read with a system call, or the pragma
   * asked (no wal-index to read).
   */
  readonly how: 'mapped' | 'read' | 'pragma';
  /** Call once this store's connections are closed. */
  close(): void;
}

/**
 * The change count of a SQLite database in WAL mode (decision 0087), read from its wal-index header rather than with
 * `PRAGMA data_version`. Every commit, by any connection of any process, rewrites that header (its change counter,
 * last frame and checksums) before the commit returns, so a header byte for byte as last seen means that nothing was
 * committed since. The header is read in place, through a read-only shared memory map of the `-shm` file's first
 * page (the map SQLite itself reads it through; decision 0197): no system call per request. Without the mapper, one
 * read of 48 bytes from the file; where the header cannot be read or does not look like one, the pragma is asked.
 * Call it after the database was first read in WAL mode (the wal-index exists then): this process then holds the
 * file open, and SQLite shortens a `-shm` file only when no connection has it open, so the mapped page stays.
 */
export function walChangeCounter(
  file: string,
  pragma: () => number,
  /** `false`: read with a system call even where the mapper is installed (its tests). */
  options: { map?: boolean } = {},
): ChangeCounter {
  const path = `${file}-shm`;
  const fd = acquire(path);
  const seen = Buffer.alloc(HEADER_BYTES);
  const read = Buffer.alloc(HEADER_BYTES);
  const readHeader = () => fd !== undefined && readSync(fd, read, 0, HEADER_BYTES, 0) === HEADER_BYTES;
  const looksRight = () =>
    read.readUInt32LE(0) === WALINDEX_VERSION || read.readUInt32BE(0) === WALINDEX_VERSION;
  if (!readHeader() || !looksRight() || read[12] !== 1) {
    if (fd !== undefined) release(path);
    return { count: pragma, how: 'pragma', close() {} };
  }
  read.copy(seen);
  const mapped = options.map === false ? undefined : mapHeader(fd!);
  // The mapped bytes change under this view as commits happen; without a map, each count reads them anew.
  const now = mapped ?? read;
  let changes = 0;
  let closed = false;
  return {
    how: mapped ? 'mapped' : 'read',
    count() {
      if (!mapped) readHeader();
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

/** The header's bytes, as a view of the `-shm` file's first page mapped read-only and shared; undefined without a mapper. */
function mapHeader(fd: number): Buffer | undefined {
  const m = loadMapper();
  if (!m) return undefined;
  try {
    // Unmapped when the view is collected, after the counter that holds it is gone.
    return m.map(m.PAGESIZE, m.PROT_READ, m.MAP_SHARED, fd, 0).subarray(0, HEADER_BYTES);
  } catch {
    return undefined;
  }
}
