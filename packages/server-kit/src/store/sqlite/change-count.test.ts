import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ChangeCounter, walChangeCounter } from './change-count.ts';

let dir: string;
let file: string;
let writer: InstanceType<typeof SqliteDatabase>;
let reader: InstanceType<typeof SqliteDatabase>;
const counters: ChangeCounter[] = [];

/** A counter that reads the wal-index header: it fails if it ever falls back to the pragma. */
function counter(map: boolean): ChangeCounter {
  const made = walChangeCounter(
    file,
    () => {
      throw new Error('the pragma was asked');
    },
    { map },
  );
  expect(made.how).toBe(map ? 'mapped' : 'read');
  counters.push(made);
  return made;
}

/** A commit by another process, as the privacy command or a second server makes one. */
function commitElsewhere(text: string) {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const script = `const D = require(${JSON.stringify(driver)}); const db = new D(${JSON.stringify(file)});
    db.prepare('insert into notes (text) values (?)').run(${JSON.stringify(text)}); db.close();`;
  const result = spawnSync(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
  expect(result.status).toBe(0);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'server-kit-change-count-'));
  file = join(dir, 'store.db');
  writer = new SqliteDatabase(file);
  writer.pragma('journal_mode = WAL');
  writer.exec('create table notes (id integer primary key, text text)');
  reader = new SqliteDatabase(file, { readonly: true });
  reader.prepare('select count(*) from notes').get();
});

afterEach(() => {
  reader.close();
  writer.close();
  for (const c of counters.splice(0)) c.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['read in place through a memory map', true],
  ['read with a system call', false],
])('the change count of a WAL database, %s', (_, map) => {
  it('stands still while nothing is committed and moves with every commit, from any connection or process', () => {
    const changes = counter(map);
    const start = changes.count();
    reader.prepare('select * from notes').all();
    expect(changes.count()).toBe(start);

    writer.prepare('insert into notes (text) values (?)').run('this process');
    const afterOwn = changes.count();
    expect(afterOwn).not.toBe(start);
    expect(changes.count()).toBe(afterOwn);

    const other = new SqliteDatabase(file);
    other.prepare('insert into notes (text) values (?)').run('another connection');
    other.close();
    const afterOther = changes.count();
    expect(afterOther).not.toBe(afterOwn);

    commitElsewhere('another process');
    const afterProcess = changes.count();
    expect(afterProcess).not.toBe(afterOther);
    expect(changes.count()).toBe(afterProcess);
  });

  it('sees commits after a checkpoint restarted the log', () => {
    const changes = counter(map);
    writer.prepare('insert into notes (text) values (?)').run('one');
    writer.pragma('wal_checkpoint(TRUNCATE)');
    const checkpointed = changes.count();
    writer.prepare('insert into notes (text) values (?)').run('two');
    expect(changes.count()).not.toBe(checkpointed);
  });

  it('keeps counting when another store of this process on the same database closes', () => {
    const first = counter(map);
    const second = counter(map);
    second.close();
    const before = first.count();
    commitElsewhere('after the other store closed');
    expect(first.count()).not.toBe(before);
  });

  it('asks the pragma where there is no wal-index to read', () => {
    const elsewhere = walChangeCounter(join(dir, 'missing.db'), () => 42, { map });
    expect(elsewhere.how).toBe('pragma');
    expect(elsewhere.count()).toBe(42);
    elsewhere.close();
  });

  it('sees a thousand commits of another connection, each one, as they happen', () => {
    const changes = counter(map);
    const other = new SqliteDatabase(file);
    const insert = other.prepare('insert into notes (text) values (?)');
    let last = changes.count();
    for (let i = 0; i < 1000; i++) {
      insert.run(`note ${i}`);
      const now = changes.count();
      expect(now).not.toBe(last);
      last = now;
    }
    other.close();
  });
});

it('reads the header through a memory map by default (the mapper is installed with the store)', () => {
  const made = walChangeCounter(file, () => {
    throw new Error('the pragma was asked');
  });
  counters.push(made);
  expect(made.how).toBe('mapped');
});
