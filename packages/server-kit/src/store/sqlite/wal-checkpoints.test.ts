import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walCheckpoints } from './wal-checkpoints.ts';

const PAGE = 4096;

describe('the write-ahead log checkpoints on a thread of their own', () => {
  let dir: string;
  let file: string;
  let connection: InstanceType<typeof SqliteDatabase>;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wal-checkpoints-'));
    file = join(dir, 'store.db');
    connection = new SqliteDatabase(file);
    connection.pragma(`page_size = ${PAGE}`);
    connection.pragma('journal_mode = WAL');
    connection.exec('create table pages (body blob not null)');
  });

  afterEach(() => {
    if (connection.open) connection.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the checkpoints from the connection and copies the log into the database file', async () => {
    const checkpoints = walCheckpoints(connection, file, [], 20);
    try {
      // The connection no longer checkpoints at its commits...
      expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      const insert = connection.prepare('insert into pages (body) values (?)');
      const body = Buffer.alloc(PAGE - 200, 7);
      for (let batch = 0; batch < 30; batch++) {
        connection.transaction(() => {
          for (let i = 0; i < 100; i++) insert.run(body);
        })();
      }
      // ... yet the 3,000 pages written reach the database file while the connection stays open: only a checkpoint
      // writes there, and the connection made none.
      await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(3000 * PAGE), {
        timeout: 60_000,
        interval: 20,
      });
    } finally {
      await checkpoints.close();
    }
    expect(connection.prepare('select count(*) as n from pages').get()).toEqual({ n: 3000 });
  });

  it('gives the checkpoints back to the connection when the thread cannot make them', async () => {
    // A database to attach in a folder that does not exist: the thread's connection fails as it starts.
    const checkpoints = walCheckpoints(
      connection,
      file,
      [{ schema: 'gone', file: join(dir, 'none', 'gone.db') }],
      20,
    );
    try {
      await vi.waitFor(() => expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(1000), {
        timeout: 60_000,
        interval: 20,
      });
    } finally {
      await checkpoints.close();
    }
  });
});
