import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChangeSequence,
  changeSequenceReader,
  createChangeSequence,
  raiseChangeSequence,
  unwatchTables,
  watchTables,
} from './change-sequence.ts';
import type { MigrationSet } from './migrate.ts';
import { openStore } from './open-store.ts';
import { dropDatabase, recreateDatabase } from './postgres/pool.ts';
import type { Store } from './store.ts';

interface Tables {
  watched: { id: number; text: string };
  other: { id: number; text: string };
}

const migrations: MigrationSet = (dialect) => ({
  '0001-tables': {
    async up(db: Kysely<unknown>) {
      for (const name of ['watched', 'other']) {
        await db.schema
          .createTable(name)
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('text', 'text', (c) => c.notNull())
          .execute();
      }
      await createChangeSequence(db, dialect, ['watched']);
    },
  },
});

/** The store of this run (a SQLite file, or PostgreSQL with TEST_DATABASE_URL), and a second one on its database. */
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
let dir: string;
let store: Store<Tables>;
let second: Store<Tables>;
let changes: ChangeSequence;
let dropAfter: string | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'change-sequence-'));
  const keyFile = join(dir, 'keys.json');
  if (pgUrl) {
    const url = new URL(pgUrl);
    url.pathname = `/changes_${randomBytes(6).toString('hex')}`;
    dropAfter = url.toString();
    await recreateDatabase(dropAfter);
    store = await openStore<Tables>({ url: dropAfter, keyFile, migrations });
    second = await openStore<Tables>({ url: dropAfter, keyFile, migrations });
  } else {
    const file = join(dir, 'store.db');
    store = await openStore<Tables>({ file, migrations });
    second = await openStore<Tables>({ file, migrations });
  }
  changes = changeSequenceReader(store.db as Kysely<unknown>, store.read);
});

afterEach(async () => {
  await second.close();
  await store.close();
  if (dropAfter) await dropDatabase(dropAfter);
  dropAfter = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('the change sequence (decision 0240)', () => {
  it('rises with every committed change to a watched table, by any connection, and with nothing else', async () => {
    const start = await changes.read();
    await second.db.insertInto('watched').values({ id: 1, text: 'one' }).execute();
    const inserted = await changes.read();
    expect(inserted).toBeGreaterThan(start);
    await second.db.updateTable('watched').set({ text: 'uno' }).where('id', '=', 1).execute();
    const updated = await changes.read();
    expect(updated).toBeGreaterThan(inserted);
    await second.db.deleteFrom('watched').where('id', '=', 1).execute();
    const deleted = await changes.read();
    expect(deleted).toBeGreaterThan(updated);
    // Reads, changes to other tables and writes that change no row leave it as it was.
    await second.db.selectFrom('watched').selectAll().execute();
    await second.db.insertInto('other').values({ id: 1, text: 'one' }).execute();
    await second.db.updateTable('watched').set({ text: 'none' }).where('id', '=', 99).execute();
    expect(await changes.read()).toBe(deleted);
  });

  it('does not rise for a change rolled back, and rises once it commits', async () => {
    const start = await changes.read();
    await expect(
      second.db.transaction().execute(async (trx) => {
        await trx.insertInto('watched').values({ id: 2, text: 'two' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await changes.read()).toBe(start);
    await second.db.transaction().execute(async (trx) => {
      await trx.insertInto('watched').values({ id: 2, text: 'two' }).execute();
      await trx.insertInto('watched').values({ id: 3, text: 'three' }).execute();
    });
    expect(await changes.read()).toBeGreaterThan(start);
  });

  it('is left alone by a load without its triggers, which raises it by hand once', async () => {
    const start = await changes.read();
    const root = store.db as Kysely<unknown>;
    await unwatchTables(root, store.dialect, ['watched']);
    await store.db.insertInto('watched').values({ id: 4, text: 'four' }).execute();
    expect(await changes.read()).toBe(start);
    await watchTables(root, store.dialect, ['watched']);
    await raiseChangeSequence(root);
    const raised = await changes.read();
    expect(raised).toBeGreaterThan(start);
    await store.db.deleteFrom('watched').where('id', '=', 4).execute();
    expect(await changes.read()).toBeGreaterThan(raised);
  });

  it('counts every commit acknowledged before a reading, when readings are asked together', async () => {
    const before = await changes.read();
    const readings: Promise<number>[] = [];
    for (let i = 0; i < 20; i++) {
      readings.push(changes.read());
      if (i === 10) {
        await second.db.insertInto('watched').values({ id: 10, text: 'ten' }).execute();
        // Asked once the commit was acknowledged: must count it, whatever was under way when it was asked.
        const after = changes.read();
        readings.push(after);
        expect(await after).toBeGreaterThan(before);
      }
    }
    const all = await Promise.all(readings);
    expect(all.every((n) => n >= before)).toBe(true);
  });
});

describe.skipIf(pgUrl)('the change sequence on a SQLite file', () => {
  it('is read once for the callers of one turn, after the last of them asked, and afresh for a later caller', async () => {
    const read = store.read!;
    let statements = 0;
    const counted = changeSequenceReader(store.db as Kysely<unknown>, (sql, parameters) => {
      statements++;
      return read(sql, parameters);
    });
    const before = await counted.read();
    statements = 0;
    const early = counted.read();
    // Committed after the first caller asked and before the last: the one reading is taken after both, so counts it.
    await second.db.insertInto('watched').values({ id: 1, text: 'one' }).execute();
    const late = counted.read();
    expect(await early).toBe(await late);
    expect(await late).toBeGreaterThan(before);
    expect(statements).toBe(1);
    await second.db.insertInto('watched').values({ id: 2, text: 'two' }).execute();
    expect(await counted.read()).toBeGreaterThan(await late);
    expect(statements).toBe(2);
  });
});

describe.runIf(pgUrl)('the change sequence on PostgreSQL', () => {
  it('lets a transaction wait for a row another holds while both changed watched rows, without a deadlock', async () => {
    await store.db
      .insertInto('watched')
      .values([
        { id: 1, text: 'a' },
        { id: 2, text: 'b' },
      ])
      .execute();
    await store.db.insertInto('other').values({ id: 1, text: 'x' }).execute();
    const start = await changes.read();
    // Were the sequence's row taken at the first watched change, the second transaction would wait for it while
    // holding the row the first one waits for. It is taken at commit, after every other lock.
    const clients = [new pg.Client(dropAfter), new pg.Client(dropAfter)];
    await Promise.all(clients.map((c) => c.connect()));
    try {
      await Promise.all(clients.map((c) => c.query('begin')));
      await clients[0]!.query("update watched set text = 'a1' where id = 1");
      await clients[1]!.query("update other set text = 'x1' where id = 1");
      await clients[1]!.query("update watched set text = 'b1' where id = 2");
      const waiting = clients[0]!.query("update other set text = 'x0' where id = 1");
      await clients[1]!.query('commit');
      await waiting;
      await clients[0]!.query('commit');
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    expect(await changes.read()).toBe(start + 2);
    const rows = await sql<{ text: string }>`select text from watched order by id`.execute(store.db);
    expect(rows.rows.map((r) => r.text)).toEqual(['a1', 'b1']);
  });
});
