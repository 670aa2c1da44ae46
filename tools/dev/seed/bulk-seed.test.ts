import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Store } from '@mostrador/marketplace-api';
import { WATCHED_TABLES } from '@mostrador/marketplace-api/seed';
import {
  openTestStore,
  SEED_NOW,
  seedStore,
  testStoreFile,
  userAad,
} from '@mostrador/marketplace-api/test-support';
import { blindIndex, open } from '@mostrador/server-kit/store';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bulkSeed } from './bulk-seed.ts';

async function fingerprint(store: Store) {
  const hash = createHash('sha256');
  const orders = await store.db.selectFrom('orders').selectAll().orderBy('id').execute();
  for (const o of orders)
    hash.update(JSON.stringify(o, (_, v) => (v?.type === 'Buffer' ? Buffer.from(v.data).toString() : v)));
  const ships = await store.db.selectFrom('shipments').selectAll().orderBy('id').execute();
  for (const s of ships) hash.update(JSON.stringify(s));
  // Every order table the bulk load copies, so COPY's binary rows are checked against the inserts' as well.
  const discounts = await store.db.selectFrom('order_discounts').selectAll().orderBy('order_id').execute();
  hash.update(JSON.stringify(discounts));
  const attributes = await store.db.selectFrom('order_product').selectAll().orderBy('order_id').execute();
  hash.update(JSON.stringify(attributes));
  const feedback = await store.db.selectFrom('feedback').selectAll().orderBy('id').execute();
  hash.update(JSON.stringify(feedback));
  // Every column of the users, their personal data opened (each store seals with keys of its own).
  const users = await store.db.selectFrom('users').selectAll().orderBy('id').execute();
  for (const u of users as unknown as Record<string, unknown>[]) {
    const id = Number(u.id);
    const opened = (column: string) => {
      const sealed = u[`${column}_enc`] as string | null;
      return sealed === null ? null : open(store.keyring, sealed, userAad(id, column));
    };
    const plain = Object.entries(u).map(([column, value]) => {
      if (column === 'email_bidx')
        return [column, value === blindIndex(store.keyring, opened('email') ?? '')];
      return [column, column.endsWith('_enc') ? opened(column.slice(0, -4)) : value];
    });
    hash.update(JSON.stringify(plain));
  }
  // The tail's tables, which a bulk load's workers compute (and on a SQLite file stage for the seed to copy in).
  hash.update(JSON.stringify(await store.db.selectFrom('items').selectAll().orderBy('id').execute()));
  for (const table of [
    'categories',
    'payment_methods',
    'brands',
    'user_blocks',
    'promotion_packs',
  ] as const) {
    const rows = await store.db.selectFrom(table).selectAll().execute();
    hash.update(JSON.stringify(rows.map((r) => JSON.stringify(r)).sort()));
  }
  const counts = await store.db
    .selectFrom('order_counts')
    .selectAll()
    .orderBy('user_id')
    .orderBy('side')
    .orderBy('status')
    .execute();
  hash.update(JSON.stringify(counts));
  // Computed with the tail, by a worker in a bulk load.
  hash.update(JSON.stringify(await store.db.selectFrom('reviews').selectAll().orderBy('id').execute()));
  hash.update(
    JSON.stringify(await store.db.selectFrom('catalog_items').selectAll().orderBy('item_id').execute()),
  );
  return { digest: hash.digest('hex'), orders: orders.length };
}

/** Every index of the store, as its database describes it: a bulk load drops some and must build each again. */
async function indexes(store: Store) {
  const { rows } =
    store.dialect === 'sqlite'
      ? await sql<{ name: string; definition: string }>`
          select name, sql as definition from sqlite_master where type = 'index' and sql is not null order by name
        `.execute(store.db)
      : await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() order by indexname
        `.execute(store.db);
  return rows;
}

/** The SQLite connection's settings the bulk load changes while it builds the indexes (none on PostgreSQL). */
async function sortSettings(store: Store) {
  if (store.dialect !== 'sqlite') return null;
  const read = async (name: string) => (await sql.raw(`pragma ${name}`).execute(store.db)).rows[0];
  return [await read('cache_size'), await read('temp_store'), await read('threads'), await read('mmap_size')];
}

/** What a seed's workers staged beside the store's file and left there (see `workerSource`). */
function stagedLeftovers(store: Store) {
  const file = testStoreFile(store);
  if (!file) return [];
  return readdirSync(dirname(file)).filter((name) => name.startsWith(`${basename(file)}.seed-`));
}

/** The plain seed (in this thread, as the first start and the tests seed), or the seed command's bulk load. */
async function seeded(orders: number, bulk: boolean, seed = 11) {
  const store = await openTestStore();
  const options = { orders, seed, now: SEED_NOW };
  const file = testStoreFile(store);
  // On a SQLite file the bulk load's workers write the file themselves, as the seed command has them do.
  const manifest = bulk
    ? await bulkSeed(store, { ...options, ...(file ? { file } : {}) })
    : await seedStore(store, options);
  return { store, manifest };
}

describe('the bulk seed', () => {
  it('gives the same marketplace as the plain seed for the same seed and day', async () => {
    // Three chunks of orders, the last one short, for two workers. (The plain seed's own test checks that it gives
    // the same data twice.)
    const plain = await seeded(5_000, false);
    const bulk = await seeded(5_000, true);
    const fa = await fingerprint(plain.store);
    expect(fa.orders).toBe(5_000);
    expect(await fingerprint(bulk.store)).toEqual(fa);
    // The files the workers staged the users and the tail in are gone.
    expect(stagedLeftovers(bulk.store)).toEqual([]);
    // With the same indexes: those the bulk load kept up to date and those it built again at the end.
    const ia = await indexes(plain.store);
    expect(ia.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        'orders_seller_date',
        'orders_date_created',
        'shipments_order',
        'feedback_order_role',
      ]),
    );
    expect(await indexes(bulk.store)).toEqual(ia);
    // The index builds' own settings (a small page cache, temporary files, helper threads, a memory map) are put
    // back after them.
    const untouched = await sortSettings(plain.store);
    expect(await sortSettings(bulk.store)).toEqual(untouched);
    const other = await seeded(5_000, false, 12);
    expect((await fingerprint(other.store)).digest).not.toBe(fa.digest);
    // The triggers of the change sequence, removed for the load, are back: a change to any watched table raises it.
    const keys: Record<(typeof WATCHED_TABLES)[number], string> = {
      orders: 'id',
      shipments: 'id',
      users: 'id',
      access_tokens: 'token_hash',
    };
    for (const table of WATCHED_TABLES) {
      const before = await bulk.store.changes.read();
      const key = sql.ref(keys[table]);
      await sql`update ${sql.table(table)} set ${key} = ${key}
        where ${key} = (select min(${key}) from ${sql.table(table)})`.execute(bulk.store.db);
      expect(await bulk.store.changes.read(), table).toBeGreaterThan(before);
    }
  }, 180_000);

  it('refuses a store whose bulk load stopped before its users', async () => {
    const partial = await openTestStore();
    await partial.db
      .insertInto('currencies')
      .values({
        id: 'ARS',
        description: 'Peso argentino',
        symbol: '$',
        decimal_places: 2,
        usd_rate: 1000,
        rate_updated_at: SEED_NOW,
        position: 0,
      })
      .execute();
    // Workers that write the file themselves are waiting for turns that never open: they are stopped too.
    const file = testStoreFile(partial);
    await expect(
      bulkSeed(partial, { orders: 30_000, seed: 11, now: SEED_NOW, ...(file ? { file } : {}) }),
    ).rejects.toThrow('the database already holds data');
    expect(await partial.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(stagedLeftovers(partial)).toEqual([]);
  });
});
