import type { Keyring } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { createOAuthRepository } from '../oauth/oauth-repository.ts';
import { createTokenRepository } from '../oauth/token-repository.ts';
import {
  createSeedGenerator,
  DEMO_APPLICATION_ID,
  type OrderBatch,
  referenceRows,
  type SeedHeader,
  type SeedTail,
} from './generate.ts';
import { locationRows } from './locations-data.ts';
import { createSeedRepository } from './seed-repository.ts';
import { SUPPORT_OPERATOR, supportOperatorRows } from './team.ts';

export interface SeedManifest {
  users: {
    id: number;
    nickname: string;
    /** `operator`: a team member of a demo seller (docs/decisions/0104-team-seed.md). */
    role: 'seller' | 'buyer' | 'operator';
    site_id: string;
    access_token: string;
  }[];
  applications: { id: number; name: string; owner_user_id: number | null }[];
}

export interface SeedRunOptions {
  orders: number;
  seed?: number;
  /** Defaults to the start of the current UTC day (`seedDay`), so a day's runs with one seed give the same data. */
  now?: number;
  onProgress?: (done: number, total: number) => void;
}

/** The start of the UTC day of `at`: the seed's "now" unless one is given. */
export const seedDay = (at = Date.now()) => Math.floor(at / 86_400_000) * 86_400_000;

/** A batch's parts and their tables, in the order they are written: orders before the rows that refer to them. */
export const BATCH_TABLES: readonly (readonly [keyof OrderBatch, keyof Database])[] = [
  ['orders', 'orders'],
  ['shipments', 'shipments'],
  ['discounts', 'order_discounts'],
  ['products', 'order_product'],
  ['feedback', 'feedback'],
];

/** The tail's lists of rows and their tables, in the order they are written. */
export const TAIL_TABLES: readonly (readonly [keyof SeedTail, keyof Database])[] = [
  ['items', 'items'],
  ['catalogItems', 'catalog_items'],
  ['reviews', 'reviews'],
  ['countRows', 'order_counts'],
  ['categories', 'categories'],
  ['paymentMethods', 'payment_methods'],
  ['brands', 'brands'],
  ['blocks', 'user_blocks'],
  ['packs', 'promotion_packs'],
];

type DemoUsers = SeedHeader['demoUsers'];

/** Refuses a store that holds data; otherwise writes what every seed shares: currencies, sites and locations. */
export async function writeReferenceData(db: Kysely<Database>, now: number): Promise<void> {
  const repo = createSeedRepository(db);
  if (!(await repo.isEmpty())) throw new Error('the database already holds data; seed an empty one');
  const reference = referenceRows(now);
  await repo.insertMany('currencies', reference.currencies);
  await repo.insertMany('sites', reference.sites);
  const locations = locationRows();
  await repo.insertMany('location_countries', locations.countries);
  await repo.insertMany('location_states', locations.states);
  await repo.insertMany('location_cities', locations.cities);
  await repo.insertMany('location_neighborhoods', locations.neighborhoods);
}

/** The demo accounts' marks and their application, the first demo seller's; once their users are in. */
export async function writeDemoApplication(
  db: Kysely<Database>,
  demoUsers: DemoUsers,
  now: number,
): Promise<void> {
  await createOAuthRepository(db).markDemoAccounts(demoUsers.map((u) => u.id));
  await createSeedRepository(db).insertMany('applications', [
    {
      id: DEMO_APPLICATION_ID,
      name: 'Mostrador',
      owner_user_id: demoUsers[0]!.id,
      callback_url: null,
      topics: JSON.stringify(['orders_v2', 'orders_feedback']),
      notifications_active: 1,
      date_created: now - 400 * 86_400_000,
    },
  ]);
}

/**
 * The last step of every seed: the first demo seller's support operator (its own user and its place on the seller's
 * team), and fresh tokens of the demo application for each demo account, answered as the manifest.
 */
export async function writeTeamAndTokens(
  db: Kysely<Database>,
  keyring: Keyring,
  demoUsers: DemoUsers,
  now: number,
): Promise<SeedManifest> {
  const repo = createSeedRepository(db);
  const owner = demoUsers[0]!.id;
  const team = supportOperatorRows(keyring, owner, now);
  await repo.insertMany('users', [team.user]);
  await repo.insertMany('account_operators', [team.operator]);
  await createOAuthRepository(db).markDemoAccounts([team.user.id]);
  const tokens = createTokenRepository(db);
  const manifest: SeedManifest = {
    users: [],
    applications: [{ id: DEMO_APPLICATION_ID, name: 'Mostrador', owner_user_id: owner }],
  };
  for (const u of demoUsers) {
    const { token } = await tokens.issue(DEMO_APPLICATION_ID, u.id, new Date());
    manifest.users.push({
      id: u.id,
      nickname: u.nickname,
      role: u.role,
      site_id: u.siteId,
      access_token: token,
    });
  }
  const { token } = await tokens.issue(DEMO_APPLICATION_ID, SUPPORT_OPERATOR.id, new Date());
  manifest.users.push({
    id: SUPPORT_OPERATOR.id,
    nickname: SUPPORT_OPERATOR.nickname,
    role: 'operator',
    site_id: SUPPORT_OPERATOR.siteId,
    access_token: token,
  });
  return manifest;
}

/**
 * Fills an empty store with a deterministic, realistic marketplace and issues tokens for the demo accounts: in this
 * thread and in one transaction, so a run that dies leaves an empty store. The first start of the app and the tests
 * seed this way; `npm run seed`'s bulk load (the development tools) writes the same rows for the same options.
 */
export async function seedStore(store: Store, options: SeedRunOptions): Promise<SeedManifest> {
  const now = options.now ?? seedDay();
  const gen = createSeedGenerator({
    orders: options.orders,
    seed: options.seed ?? 1,
    now,
    keyring: store.keyring,
  });
  return store.db.transaction().execute(async (db) => {
    const repo = createSeedRepository(db);
    await writeReferenceData(db, now);
    const { demoUsers } = gen.header();
    // The users go in before their orders, with the empty reputations they start with; the tail fills those in.
    await repo.insertMany('users', gen.sealUsers());
    await writeDemoApplication(db, demoUsers, now);
    let done = 0;
    for (let c = 0; c < gen.chunkCount; c++) {
      const { batch, stats } = gen.chunk(c);
      gen.absorb(stats);
      for (const [part, table] of BATCH_TABLES) await repo.insertMany(table, batch[part] as never);
      done += batch.orders.length;
      options.onProgress?.(done, options.orders);
    }
    const tail = gen.finish();
    await repo.setSellerReputation(tail.reputation);
    await repo.setBuyerReputation(tail.buyerReputation);
    for (const [part, table] of TAIL_TABLES) await repo.insertMany(table, tail[part] as never);
    return writeTeamAndTokens(db, store.keyring, demoUsers, now);
  });
}
