import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startOutcome, startServerProcess } from './server-process.ts';

/**
 * A disk of its own for the store: a small tmpfs, which a test can fill or make read-only. Mounting needs the
 * privileges CI runs with; where they are missing these tests are skipped.
 */
function mount(dir: string, options: string): boolean {
  return spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]).status === 0;
}
const umount = (dir: string) => spawnSync('umount', ['-l', dir]);
const remount = (dir: string, options: string) =>
  spawnSync('mount', ['-o', `remount,${options}`, dir]).status === 0;

const canMount = (() => {
  const probe = mkdtempSync(join(tmpdir(), 'bff-disk-probe-'));
  const ok = mount(probe, 'size=64k');
  if (ok) umount(probe);
  rmSync(probe, { recursive: true, force: true });
  return ok;
})();

/** Writes zeros until the disk says it is full; `a` adds to what the file holds. */
function fill(path: string, flags: 'w' | 'a' = 'w') {
  const fd = openSync(path, flags);
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

interface LogLine {
  level: string;
  msg: string;
  err?: { code?: string; message?: string };
  explanation?: string;
  repeated?: number;
}

const errorLines = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.level === 'error');

(canMount ? describe : describe.skip)('the store’s disk in trouble', () => {
  let dir: string;
  let disk: string;
  let file: string;
  const started: ServerProcess[] = [];
  const start = () => {
    const server = startServerProcess({
      PORT: '0',
      DATABASE_FILE: file,
      DEMO_ORDERS: '200',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    started.push(server);
    return server;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bff-disk-'));
    disk = join(dir, 'disk');
    spawnSync('mkdir', [disk]);
    if (!mount(disk, 'size=24m')) throw new Error('mounting failed');
    file = join(disk, 'mostrador.db');
    const first = start();
    await first.listening;
    await first.stop();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    umount(disk);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('read-only: the start ends with one line naming the database', async () => {
    expect(remount(disk, 'ro')).toBe(true);
    try {
      const refused = start();
      expect(await startOutcome(refused)).toBe(1);
      expect(refused.output().trim()).toBe(
        `Mostrador cannot start: the database ${file} is on a read-only disk or file here, and Mostrador must write to it.`,
      );
    } finally {
      expect(remount(disk, 'rw')).toBe(true);
    }
  }, 120_000);

  it('full: the start ends with one line naming the database', async () => {
    const filler = join(disk, 'filler');
    fill(filler);
    try {
      const refused = start();
      expect(await startOutcome(refused)).toBe(1);
      expect(refused.output().trim().split('\n').at(-1)).toBe(
        `Mostrador cannot start: the disk holding ${file} is full or failing. Free some space and start again.`,
      );
    } finally {
      rmSync(filler);
    }
  }, 120_000);

  it('filling up while serving: the log says SQLITE_FULL and names the database, in a few lines, not thousands', async () => {
    const server = start();
    const origin = await server.listening;
    // A write-ahead log that already has room would take the writes below without asking the disk for more (SQLite
    // reuses it from the start after a checkpoint): empty it first, so every write needs space the disk lacks.
    const db = new Database(file);
    try {
      // A checkpoint that finds the server mid-read reports busy and truncates nothing: try until it succeeds.
      while ((db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[])[0]?.busy !== 0);
    } finally {
      db.close();
    }
    const filler = join(disk, 'filler');
    fill(filler);
    try {
      // Each sign-in that starts writes a row. The store's room already on disk (free pages, WAL frames a
      // checkpoint let go) takes some of them; once it is used up, the full disk refuses every write.
      let accepted = 0;
      for (;;) {
        const res = await fetch(`${origin}/bff/login`, { redirect: 'manual' });
        await res.arrayBuffer();
        if (res.status === 500) break;
        expect(res.status).toBe(302);
        expect(++accepted, 'the full disk refuses writes once its spare room is used').toBeLessThan(5000);
      }
      for (let i = 0; i < 200; i++) {
        // Whatever room the store let go of since (a WAL cut back after a checkpoint) is taken again.
        fill(filler, 'a');
        const res = await fetch(`${origin}/bff/login`, { redirect: 'manual' });
        expect(res.status).toBe(500);
        await res.arrayBuffer();
      }
      // Reads still work.
      expect((await fetch(`${origin}/bff/health`)).status).toBe(200);
    } finally {
      rmSync(filler);
    }
    // Space is back: writes work again.
    expect((await fetch(`${origin}/bff/login`, { redirect: 'manual' })).status).toBe(302);
    await server.stop();
    const output = server.output();
    expect(output).not.toMatch(/cannot rollback|no such savepoint/);
    const errors = errorLines(output);
    const full = errors.filter((line) => line.err?.code === 'SQLITE_FULL');
    expect(full.length).toBeGreaterThan(0);
    expect(errors.length).toBeLessThan(10);
    expect(full[0]).toMatchObject({
      err: { message: 'database or disk is full' },
      explanation: `The disk holding ${file} is full: changes fail until some space is freed.`,
    });
  }, 180_000);
});
