import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateKeyring, parseKeyring } from './keyring.ts';
import { type MigrationSet, migrate } from './migrate.ts';
import { openStore } from './open-store.ts';
import type { Store } from './store.ts';

interface Notes {
  notes: { id: number; text: string };
}
interface Marks {
  marks: { note_id: number };
}

const notesMigrations: MigrationSet = (dialect) => ({
  '0001-notes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notes')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
        .addColumn('text', 'text', (c) => c.notNull())
        .execute();
    },
  },
});

const marksMigrations: MigrationSet = () => ({
  '0001-marks': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('marks')
        .addColumn('note_id', 'integer', (c) => c.notNull())
        .execute();
    },
  },
});

let dir: string;
let file: string;
let store: Store<Notes> | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'server-kit-store-'));
  file = join(dir, 'data', 'store.db');
});

afterEach(async () => {
  await store?.close();
  store = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('openStore on a SQLite file', () => {
  it('creates the folder, migrates, and writes a key file beside the database', async () => {
    store = await openStore<Notes>({ file, migrations: notesMigrations });
    expect(store.dialect).toBe('sqlite');
    await store.db.insertInto('notes').values({ id: 1, text: 'one' }).execute();
    expect(await store.db.selectFrom('notes').select('text').execute()).toEqual([{ text: 'one' }]);
    const mode = new SqliteDatabase(file, { readonly: true });
    expect(mode.pragma('journal_mode', { simple: true })).toBe('wal');
    mode.close();
    expect(store.keyring.keys.size).toBe(1);
  });

  it('reads through the snapshot reader what this and other connections committed', async () => {
    store = await openStore<Notes>({ file, migrations: notesMigrations });
    await store.db.insertInto('notes').values({ id: 1, text: 'one' }).execute();
    expect(store.read?.<{ text: string }>('select text from notes where id = ?', [1])).toEqual([
      { text: 'one' },
    ]);
    const other = new SqliteDatabase(file);
    other.prepare('insert into notes (id, text) values (2, ?)').run('two');
    other.close();
    expect(store.read?.('select id from notes', [])).toHaveLength(2);
  });

  it('runs another part’s migrations with their own bookkeeping, and its units in the shared commits', async () => {
    store = await openStore<Notes>({ file, migrations: notesMigrations });
    const marks = store.tables<Marks>();
    await migrate(marks.db, 'sqlite', {
      migrations: marksMigrations,
      migrationTable: 'marks_migrations',
      migrationLockTable: 'marks_migrations_lock',
    });
    const own = store;
    // Units of both parts submitted together: one shared transaction, each unit in its own savepoint.
    const failing = marks.group.run(async (trx) => {
      await trx.insertInto('marks').values({ note_id: 9 }).execute();
      throw new Error('refused');
    });
    await Promise.all([
      own.group.run((trx) => trx.insertInto('notes').values({ id: 1, text: 'one' }).execute()),
      marks.group.run((trx) => trx.insertInto('marks').values({ note_id: 1 }).execute()),
      expect(failing).rejects.toThrow('refused'),
    ]);
    expect(await marks.db.selectFrom('marks').select('note_id').execute()).toEqual([{ note_id: 1 }]);
    const bookkeeping = await sql<{ name: string }>`select name from marks_migrations`.execute(store.db);
    expect(bookkeeping.rows).toEqual([{ name: '0001-marks' }]);
  });

  it('opens again without migrating twice, with the same keys', async () => {
    store = await openStore<Notes>({ file, migrations: notesMigrations });
    const keys = store.keyring.currentKeyId;
    await store.close();
    store = await openStore<Notes>({ file, migrations: notesMigrations });
    expect(store.keyring.currentKeyId).toBe(keys);
    expect(await store.db.selectFrom('notes').selectAll().execute()).toEqual([]);
  });
});

describe('the keys of a SQLite store', () => {
  const keys = () => `${file}.keys.json`;

  it('refuses to open a store whose key file is missing, naming the file, and writes no new one', async () => {
    store = await openStore<Notes>({ file, migrations: notesMigrations });
    await store.close();
    store = undefined;
    renameSync(keys(), `${keys()}.elsewhere`);
    await expect(openStore<Notes>({ file, migrations: notesMigrations })).rejects.toThrow(
      `the database ${file} holds personal data sealed with the keys in ${keys()}, and that file is missing`,
    );
    expect(existsSync(keys())).toBe(false);
    // Put back, it opens again.
    renameSync(`${keys()}.elsewhere`, keys());
    store = await openStore<Notes>({ file, migrations: notesMigrations });
  });

  it('refuses keys other than those its data is sealed with', async () => {
    store = await openStore<Notes>({ file, migrations: notesMigrations });
    await store.close();
    store = undefined;
    const other = generateKeyring();
    await expect(
      openStore<Notes>({
        file,
        migrations: notesMigrations,
        keyring: parseKeyring(other.keys, other.indexKey),
      }),
    ).rejects.toThrow(
      `the keys in DATA_KEYS and DATA_INDEX_KEY are not the ones the personal data in ${file}`,
    );
  });

  it('refuses a store made before the keys were checked, when its key file is missing', async () => {
    const made = await openStore<Notes>({ file, migrations: notesMigrations });
    await sql`drop table store_key_check`.execute(made.db);
    await made.close();
    rmSync(keys());
    await expect(openStore<Notes>({ file, migrations: notesMigrations })).rejects.toThrow(
      /that file is missing/,
    );
    expect(existsSync(keys())).toBe(false);
  });

  it('follows a rotation: once every value is sealed with the new key, the old one may leave the ring', async () => {
    const first = generateKeyring();
    store = await openStore<Notes>({
      file,
      migrations: notesMigrations,
      keyring: parseKeyring(first.keys, first.indexKey),
    });
    await store.close();
    const next = `k2:${Buffer.alloc(32, 7).toString('base64')}`;
    store = await openStore<Notes>({
      file,
      migrations: notesMigrations,
      keyring: parseKeyring(`${next},${first.keys}`, first.indexKey),
    });
    await store.close();
    store = await openStore<Notes>({
      file,
      migrations: notesMigrations,
      keyring: parseKeyring(next, first.indexKey),
    });
    expect(store.keyring.currentKeyId).toBe('k2');
  });
});

describe('openStore in memory', () => {
  it('has no snapshot reader and keys of its own', async () => {
    store = await openStore<Notes>({ file: ':memory:', migrations: notesMigrations });
    expect(store.read).toBeUndefined();
    await store.db.insertInto('notes').values({ id: 1, text: 'one' }).execute();
    expect(await store.db.selectFrom('notes').select('id').execute()).toEqual([{ id: 1 }]);
  });
});
