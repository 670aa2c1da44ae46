import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommitGroup } from './commit-group.ts';

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
});
