import type { Keyring } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { createOAuthRepository } from '../oauth/oauth-repository.ts';
import { createTokenRepository } from '../oauth/token-repository.ts';
import { DEMO_APPLICATION_ID, referenceRows } from './generate.ts';
import { locationRows } from './locations-data.ts';
import { BATCH_TABLES, type BlockBatch, type RowBlock, rowCount, TAIL_TABLES, toBlock } from './row-block.ts';
import { type CopyLoader, createSeedRepository, type ForeignKey, openCopyLoader } from './seed-repository.ts';
import { inThreadSource, type SeedSource, type SeedTail, workerSource } from './source.ts';
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
  /** Defaults to the start of the current UTC day, so a day's runs with one seed give the same database. */
  now?: number;
  /**
   * Bulk mode (the seed command): generation in a worker thread, a commit every 50,000 orders and indexes rebuilt
   * at the end. Otherwise (first start of the app) the whole seed is one transaction, so a run that dies leaves
   * an empty store.
   */
  bulk?: boolean;
  /**
   * The SQLite file the store is on. With `bulk`, the workers write the order tables into it themselves
   * (decision 0202) rather than posting their rows to this thread.
   */
  file?: string;
  onProgress?: (done: number, total: number) => void;
  /** Called at the end of each phase with its name and duration, for the seed command's progress. */
  onPhase?: (phase: string, seconds: number) => void;
}

/** Puts each user's reputation from the tail into its row, in place of the empty one it was drawn with. */
function withReputations(users: UsersTable[], tail: Pick<SeedTail, 'reputation' | 'buyerReputation'>) {
  const seller = new Map(tail.reputation.map((r) => [r.id, r.seller_reputation]));
  const buyer = new Map(tail.buyerReputation.map((r) => [r.id, r.buyer_reputation]));
  for (const u of users) {
    u.seller_reputation = seller.get(u.id) ?? u.seller_reputation;
    u.buyer_reputation = buyer.get(u.id) ?? u.buyer_reputation;
  }
}

type WriteBlock = (table: keyof Database, block: RowBlock) => Promise<void>;

/** A batch's rows, table after table: orders before the rows that refer to them. */
async function writeBatch(write: WriteBlock, b: BlockBatch) {
  for (const [part, table] of BATCH_TABLES) await write(table, b[part]);
}

/**
 * PostgreSQL's bulk load of whole tables (decision 0216): each stage's tables through COPY, each on a connection of
 * its own, committed before the next stage begins, since a later stage's rows refer to an earlier one's. The rows
 * are checked against the tables' constraints as they arrive, as an insert's are.
 */
async function copyStages(url: string, stages: (readonly [keyof Database, readonly object[]])[][]) {
  for (const stage of stages) {
    const copy = openCopyLoader(url);
    try {
      for (const [table, rows] of stage) await copy.write(table, toBlock(rows));
      await copy.finish();
    } catch (error) {
      await copy.abort();
      throw error;
    }
  }
}

/** PostgreSQL's stages of the tail's COPY: the items before the rows that refer to them (decision 0216). */
const TAIL_COPY_STAGES: (keyof Database)[][] = [['items'], ['catalog_items', 'reviews', 'order_counts']];

type InTransaction = (work: (db: Kysely<Database>) => Promise<void>) => Promise<void>;

async function load(
  source: SeedSource,
  inTransaction: InTransaction,
  options: SeedRunOptions,
  now: number,
  keyring: Keyring,
  /** PostgreSQL's bulk load: the order tables' rows go through COPY (decision 0153). */
  copyUrl?: string,
  /** The store's own handle, outside any transaction: where the rows a source staged are copied in. */
  storeDb?: Kysely<Database>,
) {
  let mark = performance.now();
  const phase = (name: string) => {
    const at = performance.now();
    options.onPhase?.(name, (at - mark) / 1000);
    mark = at;
  };
  // The demo accounts come with the world the workers build before their first orders: the reference data and the
  // orders do not wait for them. Awaited where they are needed; a failure is reported there.
  const header = source.header();
  header.catch(() => {});
  /**
   * The users, then what refers to them. The bulk load writes them after the orders (no foreign key is checked row
   * by row then): the workers seal their personal data once they have generated every order, while this thread
   * writes the last ones and builds the indexes. Given the tail (the bulk load), they go in with their reputations.
   */
  const writeUsers = async (db: Kysely<Database>, tail?: SeedTail) => {
    const repo = createSeedRepository(db);
    const users = await source.users();
    if (tail) withReputations(users, tail);
    if (copyUrl) await copyStages(copyUrl, [[['users', users]]]);
    else await repo.insertMany('users', users);
    await writeAccounts(db);
  };
  /** The demo accounts' marks and their application, once their users are in. */
  const writeAccounts = async (db: Kysely<Database>) => {
    const { demoUsers } = await header;
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
  };
  let foreignKeys: ForeignKey[] = [];
  await inTransaction(async (db) => {
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
    if (!options.bulk) await writeUsers(db);
    if (options.bulk) await repo.dropOrderIndexes();
    if (copyUrl) foreignKeys = await repo.dropOrderForeignKeys();
  });
  phase('reference data');

  let done = 0;
  if (source.writesOrders) {
    // The workers write the order tables into the file themselves, in turns; this thread only follows them.
    source.openTurns();
    for await (const orders of source.written()) {
      done += orders;
      options.onProgress?.(done, options.orders);
    }
  } else {
    const batches = source.batches();
    let next = await batches.next();
    const commitEvery = options.bulk ? 50_000 : Number.POSITIVE_INFINITY;
    const copy: CopyLoader | undefined = copyUrl ? openCopyLoader(copyUrl) : undefined;
    try {
      for (; copy && !next.done; next = await batches.next()) {
        const b = next.value;
        await writeBatch(copy.write, b);
        done += rowCount(b.orders);
        options.onProgress?.(done, options.orders);
      }
      await copy?.finish();
    } catch (error) {
      await copy?.abort();
      throw error;
    }
    while (!next.done) {
      await inTransaction(async (db) => {
        const repo = createSeedRepository(db);
        let written = 0;
        while (!next.done && written < commitEvery) {
          const b = next.value;
          await writeBatch(repo.insertBlock, b);
          done += rowCount(b.orders);
          written += rowCount(b.orders);
          options.onProgress?.(done, options.orders);
          next = await batches.next();
        }
      });
    }
  }

  const { demoUsers } = await header;
  const owner = demoUsers[0]!.id;
  const manifest: SeedManifest = {
    users: [],
    applications: [{ id: DEMO_APPLICATION_ID, name: 'Mostrador', owner_user_id: owner }],
  };
  phase('orders');
  if (source.writesOrders) {
    // The workers that wrote the orders into the SQLite file stage the users and the tail in files of their own
    // while this thread builds the indexes; SQLite copies them in (decision 0217).
    const staging = source.staged();
    staging.catch(() => {});
    await inTransaction((db) => createSeedRepository(db).createOrderIndexes());
    phase('indexes');
    if (!storeDb) throw new Error('staged rows are copied through the store itself');
    await createSeedRepository(storeDb).copyStaged(await staging);
    await inTransaction(writeAccounts);
    phase('users, items and reviews');
  } else {
    // Asked now: a worker computes it while this thread builds the indexes. Awaited below; a
    // failure meanwhile is reported there, not as an unhandled rejection.
    const tailing = source.tail();
    tailing.catch(() => {});
    await inTransaction(async (db) => {
      const repo = createSeedRepository(db);
      let tail: SeedTail;
      if (options.bulk) {
        await repo.createOrderIndexes();
        phase('indexes');
        tail = await tailing;
        await writeUsers(db, tail);
        await repo.addForeignKeys(foreignKeys);
        phase('users');
      } else {
        // The users went in before the orders, with the empty reputations they start with.
        tail = await tailing;
        await repo.setSellerReputation(tail.reputation);
        await repo.setBuyerReputation(tail.buyerReputation);
      }
      const rowsOf = new Map(TAIL_TABLES.map(([part, table]) => [table, tail[part] as readonly object[]]));
      if (copyUrl)
        await copyStages(
          copyUrl,
          TAIL_COPY_STAGES.map((stage) => stage.map((table) => [table, rowsOf.get(table)!] as const)),
        );
      const copied = new Set(copyUrl ? TAIL_COPY_STAGES.flat() : []);
      for (const [table, rows] of rowsOf) if (!copied.has(table)) await repo.insertMany(table, rows as never);
      phase('items and reviews');
    });
  }
  await inTransaction(async (db) => {
    const repo = createSeedRepository(db);
    // The first demo seller's support operator: its own user and its place on the seller's team.
    const team = supportOperatorRows(keyring, owner, now);
    await repo.insertMany('users', [team.user]);
    await repo.insertMany('account_operators', [team.operator]);
    await createOAuthRepository(db).markDemoAccounts([team.user.id]);
    const tokens = createTokenRepository(db);
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
  });
  return manifest;
}

/** Fills an empty store with a deterministic, realistic marketplace and issues tokens for the demo accounts. */
export async function seedStore(store: Store, options: SeedRunOptions): Promise<SeedManifest> {
  const now = options.now ?? Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const generatorOptions = { orders: options.orders, seed: options.seed ?? 1, now, keyring: store.keyring };
  const source = options.bulk
    ? workerSource(generatorOptions, store.dialect === 'sqlite' ? options.file : undefined)
    : inThreadSource(generatorOptions);
  try {
    if (options.bulk) {
      const repo = createSeedRepository(store.db);
      const copyUrl = store.dialect === 'postgres' ? store.url : undefined;
      const manifest = await repo.withoutForeignKeyChecks(() =>
        load(
          source,
          (work) => store.db.transaction().execute(work),
          options,
          now,
          store.keyring,
          copyUrl,
          store.db,
        ),
      );
      await repo.analyze();
      return manifest;
    }
    let manifest: SeedManifest | undefined;
    await store.db.transaction().execute(async (trx) => {
      manifest = await load(source, (work) => work(trx), options, now, store.keyring);
    });
    return manifest!;
  } finally {
    await source.close();
  }
}
