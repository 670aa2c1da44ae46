import type { Database } from 'better-sqlite3';

/** The columns of `personal_data_access_log`, in the order every journal line holds them. */
export declare const JOURNAL_COLUMNS: readonly string[];

/** The directory of the journal's segments beside an audit file. */
export declare function journalDirOf(auditFile: string): string;

export interface JournalWriter {
  /** This writer's name: its segments are `<id>.<sequence>.log`. */
  readonly id: string;
  /** Appends rows (the values of JOURNAL_COLUMNS, in order) as one write; throws when the write fails. */
  append(rows: readonly (readonly unknown[])[]): void;
  close(): void;
}

/** A new writer of this process, its segments rotated past `segmentBytes`. */
export declare function openJournalWriter(auditFile: string, segmentBytes?: number): JournalWriter;

/**
 * Moves every complete line into the log's table; returns the number of rows moved. `closed` names writers of this
 * process that were closed and will not write again.
 */
export declare function ingestJournal(
  db: Database,
  auditFile: string,
  options?: { closed?: readonly string[]; chunkBytes?: number },
): number;
