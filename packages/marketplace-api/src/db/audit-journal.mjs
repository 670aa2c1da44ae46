// The access log's journal (decision 0088): each disclosure is appended as a line to a file of its own writer before
// the answer leaves, and moved into the log's table later, in large transactions, by the store's background thread
// (or by whoever reads the log first). Plain JavaScript: the background thread has no TypeScript loader.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** The columns of `personal_data_access_log`, in the order every journal line holds them. */
export const JOURNAL_COLUMNS = [
  'accessor_user_id',
  'application_id',
  'subject_user_id',
  'accessed_at',
  'resource',
  'fields',
  'operator_user_id',
];

/** `data/mostrador.audit.db` → `data/mostrador.audit.db-journal.d`: one directory of segments beside the log. */
export const journalDirOf = (auditFile) => `${auditFile}-journal.d`;

// <pid>-<8 hex>.<6-digit sequence>.log: the writing process, one writer of it, and the writer's segments in order.
const SEGMENT = /^(\d{1,10})-([0-9a-f]{8})\.(\d{6})\.log$/;

/** Whether a process of this id is running (a segment of a running writer may still grow). */
function running(pid) {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === 'EPERM';
  }
}

const encoded = new Map();
/** A string's JSON form, kept: resources and field lists are a handful of constants. */
function jsonString(value) {
  let text = encoded.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    if (encoded.size < 1000) encoded.set(value, text);
  }
  return text;
}

/**
 * A safe integer's decimal digits, as `String` writes them. Ids and times past 2^31 are doubles to V8, and `String`
 * converts a double in its runtime; written as two halves that are small integers, they are not.
 */
function integerText(n) {
  if (Number.isInteger(n) && n >= 1e9 && n < 1e15) {
    const high = Math.floor(n / 1e6);
    return `${high}${String(n - high * 1e6).padStart(6, '0')}`;
  }
  return String(n);
}

/** `[<reader>,<application>,` for a row: a reader reads under the same application again and again. */
const heads = new Map();
function headOf(reader, application) {
  let known = heads.get(reader);
  if (known === undefined || known.application !== application) {
    known = { application, text: ['[', integerText(reader), ',', integerText(application), ','].join('') };
    if (heads.size >= 1000) heads.clear();
    heads.set(reader, known);
  }
  return known.text;
}

/** A line's subject: one id, or the list of them. */
const lineSubject = (first, others) => (others === undefined ? first : `[${first},${others.join(',')}]`);

/** The most subjects one line lists: a line stays far shorter than the part of a segment a mover reads at once. */
const LINE_SUBJECTS = 1000;

/**
 * Opens a new writer: segments named after this process, rotated past `segmentBytes`. `append` returns once the
 * operating system holds the lines (they survive the process; decision 0007 for the disk); it throws when the write
 * fails, and the next append first ends whatever part of a line may have been written.
 */
export function openJournalWriter(auditFile, segmentBytes = 8 * 1024 * 1024) {
  const dir = journalDirOf(auditFile);
  mkdirSync(dir, { recursive: true });
  const writer = `${process.pid}-${randomBytes(4).toString('hex')}`;
  let seq = 0;
  let fd;
  let size = 0;
  let torn = false;
  const open = () => {
    fd = openSync(join(dir, `${writer}.${String(seq).padStart(6, '0')}.log`), 'a', 0o600);
    size = 0;
  };
  open();
  return {
    /** This writer's name: its segments are `<id>.<sequence>.log`. */
    id: writer,
    /** Appends rows, each the values of JOURNAL_COLUMNS in order, as one write. */
    append(rows) {
      if (size >= segmentBytes) {
        // The next segment exists only once this one is complete: that is how readers know it is.
        closeSync(fd);
        seq += 1;
        open();
      }
      // A line's parts before and after its subject are the same for every row of a read (one reader, one moment,
      // one resource): each is made once, and the lines are joined once. The parts are made with `join`, which gives
      // a flat string: one made with `+` is a tree of pieces that the final join would walk again for every line.
      // Consecutive rows that differ only in their subject (a search page's fifty disclosures) are one line whose
      // subject is the list of them: one line to write and one to parse, not fifty.
      const parts = torn ? ['\n'] : [];
      let head = '';
      let tail = '';
      let last;
      // The line being made: its first subject, and the others when there are (a single read has none).
      let first;
      let others;
      for (const r of rows) {
        const sameReader = last !== undefined && r[0] === last[0] && r[1] === last[1];
        const sameRead =
          last !== undefined && r[3] === last[3] && r[4] === last[4] && r[5] === last[5] && r[6] === last[6];
        if (!sameReader || !sameRead || (others !== undefined && others.length === LINE_SUBJECTS - 1)) {
          if (first !== undefined) parts.push(head, lineSubject(first, others), tail);
          first = undefined;
          others = undefined;
        }
        if (!sameReader) head = headOf(Number(r[0]), Number(r[1]));
        if (!sameRead) {
          const operator = r[6] === null || r[6] === undefined ? 'null' : Number(r[6]);
          const resource = jsonString(String(r[4]));
          tail = [
            ',',
            integerText(Number(r[3])),
            ',',
            resource,
            ',',
            jsonString(String(r[5])),
            ',',
            operator,
            ']\n',
          ].join('');
        }
        const subject = integerText(Number(r[2]));
        if (first === undefined) first = subject;
        else if (others === undefined) others = [subject];
        else others.push(subject);
        last = r;
      }
      if (first !== undefined) parts.push(head, lineSubject(first, others), tail);
      const bytes = Buffer.from(parts.join(''));
      let written = 0;
      try {
        while (written < bytes.length) written += writeSync(fd, bytes, written);
      } catch (error) {
        torn = written > 0 || torn;
        size += written;
        throw error;
      }
      torn = false;
      size += bytes.length;
    },
    close() {
      closeSync(fd);
    },
  };
}

const isId = (n) => Number.isSafeInteger(n) && n >= 0;

/** A line's subject: one person's id, or the list of those a read disclosed at once (never empty). */
const isSubject = (s) => isId(s) || (Array.isArray(s) && s.length > 0 && s.every(isId));

/** A line's values (JOURNAL_COLUMNS), its subject one id or a list of them; undefined for a line that is not one. */
function parseLine(line) {
  let row;
  try {
    row = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!Array.isArray(row) || row.length !== 7) return undefined;
  if (!isId(row[0]) || !isId(row[1]) || !isSubject(row[2]) || !isId(row[3])) return undefined;
  if (typeof row[4] !== 'string' || typeof row[5] !== 'string') return undefined;
  if (row[6] !== null && !Number.isSafeInteger(row[6])) return undefined;
  return row;
}

/** From this many subjects on, a line is one statement with its shared values bound once (see `sharedInsert`). */
const SHARED_SUBJECTS = 8;

/** Rows per insert statement when moving lines: one statement per row made the move cost a third more. */
const ROWS_PER_INSERT = 64;

/**
 * Moves every complete line of every segment into the log's table, each segment's lines and its new position in
 * one transaction that waits for no other writer's (BEGIN IMMEDIATE), so two movers never take a line twice. A
 * segment that is complete (its writer went on to the next, or its process is gone) and fully moved is marked done
 * and removed; of a gone writer's last segment, a final part without its line end was never acknowledged and is
 * dropped. `closed` names writers of this process that were closed (they will not write again). `db` is a
 * better-sqlite3 connection to the audit file. Returns the number of rows moved.
 */
export function ingestJournal(db, auditFile, { closed = [], chunkBytes = 4 * 1024 * 1024 } = {}) {
  const dir = journalDirOf(auditFile);
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  const segments = names
    .map((name) => {
      const m = SEGMENT.exec(name);
      return m ? { name, pid: Number(m[1]), writer: `${m[1]}-${m[2]}`, seq: Number(m[3]) } : undefined;
    })
    .filter((s) => s !== undefined)
    .sort((a, b) => (a.writer === b.writer ? a.seq - b.seq : a.writer < b.writer ? -1 : 1));
  const position = db.prepare('select "offset", done from journal_segments where name = ?');
  const advance = db.prepare(
    'insert into journal_segments (name, "offset", done) values (?, ?, ?) ' +
      'on conflict (name) do update set "offset" = excluded."offset", done = excluded.done',
  );
  const into = `insert into personal_data_access_log (${JOURNAL_COLUMNS.join(', ')}) values `;
  const row = `(${JOURNAL_COLUMNS.map(() => '?').join(', ')})`;
  const insertOne = db.prepare(into + row);
  const insertMany = db.prepare(into + Array(ROWS_PER_INSERT).fill(row).join(', '));
  // A line that lists many subjects (a search page's) is one statement whose other values are bound once: the
  // subjects come from a list of values, and each row takes the line's reader, time, resource and fields from the
  // select list. Binding each row's seven values made most of a mover's work that was not SQLite's own (0218).
  const shared = new Map();
  const sharedInsert = (count) => {
    let statement = shared.get(count);
    if (statement === undefined) {
      const columns = JOURNAL_COLUMNS.map((c) => (c === 'subject_user_id' ? 'column1' : '?')).join(', ');
      statement = db.prepare(
        `insert into personal_data_access_log (${JOURNAL_COLUMNS.join(', ')}) ` +
          `select ${columns} from (values ${Array(count).fill('(?)').join(', ')})`,
      );
      shared.set(count, statement);
    }
    return statement;
  };
  const width = JOURNAL_COLUMNS.length;
  // The values of the rows parsed and not yet inserted, row after row.
  const pending = new Array(ROWS_PER_INSERT * width);
  let filled = 0;
  /** Inserts the rows parsed and not yet inserted (fewer than a multi-row insert takes), one by one. */
  const insertPending = () => {
    for (let k = 0; k < filled; k += width) insertOne.run(pending.slice(k, k + width));
    filled = 0;
  };
  let moved = 0;
  for (const segment of segments) {
    const path = join(dir, segment.name);
    const gone = closed.includes(segment.writer) || !running(segment.pid);
    const complete = () => gone || segments.some((s) => s.writer === segment.writer && s.seq > segment.seq);
    let fd;
    try {
      fd = openSync(path, 'r');
    } catch {
      continue; // Removed by another mover.
    }
    let finished = false;
    try {
      for (;;) {
        const step = db
          .transaction(() => {
            const at = position.get(segment.name);
            if (at?.done) return { done: true, more: false };
            const offset = Number(at?.offset ?? 0);
            const size = fstatSync(fd).size;
            const buffer = Buffer.alloc(Math.min(chunkBytes, size - offset));
            const read = buffer.length > 0 ? readSync(fd, buffer, 0, buffer.length, offset) : 0;
            const end = buffer.lastIndexOf(10, read - 1) + 1;
            filled = 0;
            for (const line of buffer.toString('utf8', 0, end).split('\n')) {
              if (line === '') continue;
              const parsed = parseLine(line);
              if (!parsed) continue; // A line a failed write left half-done: never acknowledged.
              const subjects = typeof parsed[2] === 'number' ? [parsed[2]] : parsed[2];
              if (subjects.length >= SHARED_SUBJECTS) {
                // The rows before it go first: the log keeps the journal's order.
                insertPending();
                sharedInsert(subjects.length).run(
                  parsed[0],
                  parsed[1],
                  parsed[3],
                  parsed[4],
                  parsed[5],
                  parsed[6],
                  ...subjects,
                );
                moved += subjects.length;
                continue;
              }
              for (const subject of subjects) {
                parsed[2] = subject;
                for (let k = 0; k < width; k++) pending[filled++] = parsed[k];
                if (filled === pending.length) {
                  insertMany.run(pending);
                  filled = 0;
                }
                moved += 1;
              }
            }
            insertPending();
            const more = offset + read < size && end > 0;
            // Everything there is was moved, or what is left can no longer end: the segment is done.
            const done = !more && complete() && (offset + end === size || gone);
            advance.run(segment.name, offset + end, done ? 1 : 0);
            return { done, more };
          })
          .immediate();
        if (step.done) finished = true;
        if (!step.more) break;
      }
    } finally {
      closeSync(fd);
    }
    if (finished) {
      try {
        unlinkSync(path);
      } catch {
        // Removed by another mover already.
      }
    }
  }
  return moved;
}
