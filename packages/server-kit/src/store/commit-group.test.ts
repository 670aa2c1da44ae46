import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCommitGroup } from './commit-group.ts';
import { logFlusher } from './sqlite/log-flush.ts';

interface Db {
  parent: { id: number };
  child: { id: number; parent_id: number };
}

let dir: string;
let file: string;
let db: Kysely<Db>;
/** A second connection to the same file: sees only what was committed. */
let other: InstanceType<typeof SqliteDatabase>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'commit-group-'));
  file = join(dir, 'test.db');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  db = new Kysely<Db>({ dialect: new SqliteDialect({ database: sqlite }) });
  await sql`create table parent (id integer primary key)`.execute(db);
  await sql`create table child (id integer primary key, parent_id integer not null
    references parent(id) deferrable initially deferred)`.execute(db);
  other = new SqliteDatabase(file, { readonly: true });
});

afterEach(async () => {
  other.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const committed = () =>
  (other.prepare('select id from parent order by id').all() as { id: number }[]).map((r) => r.id);

describe('createCommitGroup', () => {
  it('runs the units submitted together in one transaction and settles each after the commit', async () => {
    const group = createCommitGroup(db);
    const transactions = new Set<Transaction<Db>>();
    const seenAtSettle: number[][] = [];
    const units = Array.from({ length: 40 }, (_, i) =>
      group
        .run(async (trx) => {
          transactions.add(trx);
          await trx
            .insertInto('parent')
            .values({ id: i + 1 })
            .execute();
          return i + 1;
        })
        .then((value) => {
          // Already durable and visible to another connection when the caller hears of it.
          seenAtSettle.push(committed());
          return value;
        }),
    );
    expect(await Promise.all(units)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(transactions.size).toBe(1);
    for (const seen of seenAtSettle) expect(seen).toHaveLength(40);
  });

  it('rolls a failing unit back alone: the others commit, its caller gets its error', async () => {
    const group = createCommitGroup(db);
    const [a, b, c] = await Promise.allSettled([
      group.run((trx) => trx.insertInto('parent').values({ id: 1 }).execute()),
      group.run(async (trx) => {
        await trx.insertInto('parent').values({ id: 2 }).execute();
        throw new Error('refused');
      }),
      // Sees what the earlier units of its group wrote: inserting 1 again breaks its key.
      group.run((trx) => trx.insertInto('parent').values({ id: 1 }).execute()),
    ]);
    expect(a.status).toBe('fulfilled');
    expect(b).toMatchObject({ status: 'rejected', reason: new Error('refused') });
    expect(c.status).toBe('rejected');
    expect(committed()).toEqual([1]);
  });

  it('when the commit itself fails, every unit of the group fails and nothing is written', async () => {
    const group = createCommitGroup(db);
    const results = await Promise.allSettled([
      group.run((trx) => trx.insertInto('parent').values({ id: 1 }).execute()),
      // A deferred foreign key is only checked at commit.
      group.run((trx) => trx.insertInto('child').values({ id: 1, parent_id: 99 }).execute()),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(committed()).toEqual([]);
    // The group goes on with the next units.
    await group.run((trx) => trx.insertInto('parent').values({ id: 5 }).execute());
    expect(committed()).toEqual([5]);
  });

  it('splits a crowd into groups of at most maxUnits, in submission order', async () => {
    const group = createCommitGroup(db, { maxUnits: 3 });
    const transactions: Transaction<Db>[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        group.run(async (trx) => {
          transactions.push(trx);
          await trx
            .insertInto('parent')
            .values({ id: i + 1 })
            .execute();
        }),
      ),
    );
    expect(new Set(transactions).size).toBe(3);
    expect(committed()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('with flushLog: commits with the log written, answers only once it is flushed, and leaves FULL behind', async () => {
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('synchronous = FULL');
    const full = new Kysely<Db>({ dialect: new SqliteDialect({ database: sqlite }) });
    const flushes: (() => void)[] = [];
    const real = logFlusher(file);
    const settings: number[] = [];
    const group = createCommitGroup(full, {
      flushLog: () =>
        new Promise<void>((resolve, reject) => {
          settings.push(sqlite.pragma('synchronous', { simple: true }) as number);
          // Held until the test lets it go, then the real flush of the log file.
          flushes.push(() => real().then(resolve, reject));
        }),
    });
    let settled = false;
    const unit = group
      .run((trx) => {
        // The shared transaction commits without flushing (NORMAL, 1): the flush is flushLog's.
        settings.push(sqlite.pragma('synchronous', { simple: true }) as number);
        return trx.insertInto('parent').values({ id: 7 }).execute();
      })
      .then(() => {
        settled = true;
      });
    await vi.waitFor(() => expect(flushes).toHaveLength(1), { timeout: 15_000, interval: 10 });
    // Committed (another connection sees it) and the event loop free, but not yet answered.
    expect(committed()).toEqual([7]);
    expect(settled).toBe(false);
    // Every other write commits with FULL again (2), as it did before the group's commit.
    expect(settings).toEqual([1, 2]);
    // Units arriving while the flush runs wait for the next commit and its own flush.
    const later = group.run((trx) => trx.insertInto('parent').values({ id: 8 }).execute());
    await new Promise((resolve) => setImmediate(resolve));
    expect(committed()).toEqual([7]);
    flushes[0]!();
    await unit;
    expect(settled).toBe(true);
    await vi.waitFor(() => expect(flushes).toHaveLength(2), { timeout: 15_000, interval: 10 });
    expect(committed()).toEqual([7, 8]);
    flushes[1]!();
    await later;
    await full.destroy();
  });

  it('with flushLog: units that need no flush commit without one, unless a unit of their group needs it', async () => {
    let flushes = 0;
    const real = logFlusher(file);
    const group = createCommitGroup(db, {
      flushLog: () => {
        flushes++;
        return real();
      },
    });
    const insert = (id: number) => (trx: Transaction<Db>) =>
      trx.insertInto('parent').values({ id }).execute();
    // Alone, they commit (another connection sees it) and settle without waiting for the disk.
    await Promise.all([group.run(insert(1), { durable: false }), group.run(insert(2), { durable: false })]);
    expect(committed()).toEqual([1, 2]);
    expect(flushes).toBe(0);
    // With a unit that must be durable in their shared commit, the group flushes once for all of them.
    await Promise.all([group.run(insert(3), { durable: false }), group.run(insert(4))]);
    expect(committed()).toEqual([1, 2, 3, 4]);
    expect(flushes).toBe(1);
    await real.close();
  });
});

describe('logFlusher', () => {
  it('flushes the log file; calls during a flush share the next one, and a missing log is an error', async () => {
    await sql`insert into parent (id) values (1)`.execute(db);
    const flush = logFlusher(file);
    await flush();
    // Three at once: the first starts a flush, the other two share the one after it.
    const [a, b, c] = [flush(), flush(), flush()];
    expect(b).toBe(c);
    expect(a).not.toBe(b);
    await Promise.all([a, b, c]);
    await expect(logFlusher(join(dir, 'missing.db'))()).rejects.toThrow(/ENOENT/);
  });
});
