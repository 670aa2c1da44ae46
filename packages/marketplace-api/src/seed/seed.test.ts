import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { ORDER_STATUSES } from '@mostrador/contracts';
import { blindIndex, open } from '@mostrador/server-kit/store';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { userAad } from '../crypto/user-aad.ts';
import type { Store } from '../db/store.ts';
import { openTestStore, SEED_NOW, testStoreFile } from '../test-support.ts';
import { seedStore } from './seed.ts';

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

/** `direct`: the bulk load's workers write the SQLite file themselves, as the seed command has them do. */
async function seeded(orders: number, bulk: boolean, seed = 11, direct = false) {
  const store = await openTestStore();
  const file = direct ? testStoreFile(store) : undefined;
  const manifest = await seedStore(store, { orders, seed, now: SEED_NOW, bulk, ...(file ? { file } : {}) });
  return { store, manifest };
}

describe('the seed', () => {
  it('gives the same marketplace for the same seed and day, in one thread or in workers', async () => {
    const a = await seeded(5_000, false);
    const b = await seeded(5_000, false);
    const c = await seeded(5_000, true);
    // Workers writing their chunks into the file themselves, taking turns (on PostgreSQL the same as `c`).
    const d = await seeded(5_000, true, 11, true);
    const fa = await fingerprint(a.store);
    expect(fa.orders).toBe(5_000);
    expect(await fingerprint(b.store)).toEqual(fa);
    expect(await fingerprint(c.store)).toEqual(fa);
    expect(await fingerprint(d.store)).toEqual(fa);
    // The files the workers staged the users and the tail in are gone.
    expect(stagedLeftovers(d.store)).toEqual([]);
    // With the same indexes: those the bulk load kept up to date and those it built again at the end.
    const ia = await indexes(a.store);
    expect(ia.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        'orders_seller_date',
        'orders_date_created',
        'shipments_order',
        'feedback_order_role',
      ]),
    );
    expect(await indexes(c.store)).toEqual(ia);
    expect(await indexes(d.store)).toEqual(ia);
    // The index builds' own settings (a small page cache, temporary files, helper threads, a memory map) are put
    // back after them.
    const untouched = await sortSettings(a.store);
    expect(await sortSettings(c.store)).toEqual(untouched);
    expect(await sortSettings(d.store)).toEqual(untouched);
    const other = await seeded(5_000, false, 12);
    expect((await fingerprint(other.store)).digest).not.toBe(fa.digest);
  }, 120_000);

  it('refuses a store that holds data, also one whose bulk load stopped before its users', async () => {
    const { store } = await seeded(300, false);
    await expect(seedStore(store, { orders: 300, seed: 11, now: SEED_NOW })).rejects.toThrow(
      'the database already holds data',
    );
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
      seedStore(partial, { orders: 30_000, seed: 11, now: SEED_NOW, bulk: true, ...(file ? { file } : {}) }),
    ).rejects.toThrow('the database already holds data');
    expect(await partial.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(stagedLeftovers(partial)).toEqual([]);
  });

  it('gives the demo sellers and buyers orders with each other in every status, and tokens', async () => {
    const { store, manifest } = await seeded(3_000, false);
    const sellers = manifest.users.filter((u) => u.role === 'seller');
    const buyers = manifest.users.filter((u) => u.role === 'buyer');
    expect(sellers.length).toBeGreaterThanOrEqual(3);
    expect(buyers.length).toBeGreaterThanOrEqual(3);
    for (const u of manifest.users) expect(u.access_token).toMatch(/^APP_USR-\d+-\d{6}-[0-9a-f]{32}-\d+$/);
    for (const s of sellers) {
      for (const b of buyers) {
        const rows = await store.db
          .selectFrom('orders')
          .select('status')
          .distinct()
          .where('seller_id', '=', s.id)
          .where('buyer_id', '=', b.id)
          .execute();
        expect(rows.map((r) => r.status).sort()).toEqual([...ORDER_STATUSES].sort());
      }
    }
  });

  it('covers every tag, channel, flow and discount type, with money in the currency’s decimals', async () => {
    const { store } = await seeded(3_000, false);
    const orders = await store.db.selectFrom('orders').select(['tags', 'doc', 'currency_id']).execute();
    const tags = new Set(orders.flatMap((o) => o.tags.split(',').filter(Boolean)));
    for (const t of [
      'paid',
      'delivered',
      'not_delivered',
      'fraud_risk_detected',
      'shops',
      'no_shipping',
      'order_has_discount',
    ]) {
      expect(tags, t).toContain(t);
    }
    const docs = orders.map((o) => JSON.parse(Buffer.from(o.doc).toString()));
    const channels = new Set(docs.map((d) => d.context.channel));
    expect([...channels].sort()).toEqual(['marketplace', 'pay-channel', 'proximity', 'shops']);
    const flows = new Set(docs.flatMap((d) => d.context.flows));
    expect(flows.size).toBeGreaterThanOrEqual(6);
    for (const d of docs.filter((x) => x.currency_id === 'CLP' || x.currency_id === 'COP')) {
      expect(Number.isInteger(d.total_amount)).toBe(true);
    }
    const kinds = await store.db.selectFrom('order_discounts').select('details').execute();
    const types = new Set(kinds.flatMap((k) => JSON.parse(k.details).map((d: { type: string }) => d.type)));
    expect([...types].sort()).toEqual(['cashback', 'coupon', 'discount']);
    const several = kinds.filter((k) => JSON.parse(k.details).length > 1);
    expect(several.length).toBeGreaterThan(0);
  });
});
