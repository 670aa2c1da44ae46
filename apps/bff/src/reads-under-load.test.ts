import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimulator, openStore, type SeedManifest, type Store } from '@mostrador/marketplace-api';
import {
  createTestDatabase,
  dropTestDatabase,
  seedStore,
  soak,
  testDatabaseUrl,
} from '@mostrador/marketplace-api/test-support';
import { generateKeyring, parseKeyring } from '@mostrador/server-kit/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const DAY = 86_400_000;
/** Twelve calendar months before `now`, as the retention purge counts them. */
const retentionCutoff = (now: number) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - 12);
  return d.getTime();
};

/**
 * Orders seeded, search pages each reader reads, and the order reads the run must reach: `npm test` runs the light
 * size (well under half a minute on a quiet machine), `npm run soak` the full one, with the same assertions.
 */
const SIZE = soak ? { orders: 6000, rounds: 6, reads: 500 } : { orders: 2000, rounds: 2, reads: 150 };
/** Budgets for a busy machine, not waits: the run ends as soon as its reads do. */
const BUDGET_MS = soak ? 600_000 : 240_000;

/**
 * A writer on `store` that makes one change of the order life cycle, then another each time it is told `next()`
 * (at most one waiting), until `stop()`, which answers how many changes it made.
 */
function changesBetween(store: Store) {
  let changes = 0;
  const simulator = createSimulator(store, {
    seed: 11,
    onChange: () => changes++,
    onError: (error) => console.error(error),
  });
  let stopped = false;
  let asked = false;
  let wake = () => {};
  const running = (async () => {
    while (!stopped) {
      await simulator.step();
      if (!asked && !stopped) await new Promise<void>((resolve) => (wake = resolve));
      asked = false;
    }
  })();
  return {
    next() {
      asked = true;
      wake();
    },
    async stop(): Promise<number> {
      stopped = true;
      wake();
      await running;
      return changes;
    },
  };
}

interface Listed {
  id: number;
  date_created: string;
}

/**
 * The server in a process of its own, on a store seeded four months ago, so a third of its orders are past the
 * 12-month retention when it starts; from the moment it says it listens, readers search the sellers' orders (oldest
 * first, as the API sorts by default, and newest first) and read every order listed, while another writer (this
 * process, on the same store) commits new orders and changes between the reads. No order a search listed may then
 * answer 404.
 *
 * The writer makes one change for each order read, not a number per second: writes go on for as long as the reads
 * do, whatever the machine's speed. A writer held to a rate falls behind on a busy machine and then writes back to
 * back, and on SQLite the server's own writes (the access log each read waits for) queue behind it for minutes.
 */
function readsNeverMiss(store: 'SQLite' | 'PostgreSQL') {
  let dir: string;
  let database: string | undefined;
  let manifest: SeedManifest;
  let server: ServerProcess;
  let writer: Store;
  const keys = generateKeyring();
  const keyring = () => parseKeyring(keys.keys, keys.indexKey);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bff-reads-'));
    let where: { url: string; file?: undefined } | { file: string; url?: undefined };
    if (store === 'PostgreSQL') {
      const made = await createTestDatabase();
      database = made.database;
      where = { url: made.url };
    } else {
      where = { file: join(dir, 'mostrador.db') };
    }
    const seeding = await openStore({ ...where, keyring: keyring() });
    manifest = await seedStore(seeding, {
      orders: SIZE.orders,
      seed: 11,
      now: Math.floor(Date.now() / DAY) * DAY - 120 * DAY,
    });
    await seeding.close();
    server = startServerProcess({
      PORT: '0',
      ...(where.url !== undefined ? { DATABASE_URL: where.url } : { DATABASE_FILE: where.file }),
      DATA_KEYS: keys.keys,
      DATA_INDEX_KEY: keys.indexKey,
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    writer = await openStore({ ...where, keyring: keyring() });
  }, BUDGET_MS);

  afterAll(async () => {
    await server?.stop();
    await writer?.close();
    if (database) await dropTestDatabase(database);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it(
    'every order a search lists can be read at once, from the first request on, while orders are written',
    async () => {
      const origin = await server.listening;
      const writes = changesBetween(writer);
      const sellers = manifest.users.filter((u) => u.role === 'seller');
      let changes = 0;
      const misses: string[] = [];
      const tooOld: number[] = [];
      let reads = 0;
      const cutoff = retentionCutoff(Date.now());
      // A connection the busy server did not accept in time carried no request: it is opened again.
      const get = async (path: string, token: string): Promise<Response> => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await fetch(`${origin}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
          } catch (error) {
            const code = (error as { cause?: { code?: string } }).cause?.code;
            if (code !== 'UND_ERR_CONNECT_TIMEOUT' || attempt === 5) throw error;
          }
        }
      };
      const reader = async (seller: (typeof sellers)[number], sort: 'date_asc' | 'date_desc') => {
        for (let round = 0; round < SIZE.rounds; round++) {
          const res = await get(
            `/orders/search?seller=${seller.id}&sort=${sort}&offset=${round * 10}&limit=25`,
            seller.access_token,
          );
          expect(res.status).toBe(200);
          const { results } = (await res.json()) as { results: Listed[] };
          for (const order of results) {
            if (Date.parse(order.date_created) < cutoff) tooOld.push(order.id);
            const one = await get(`/orders/${order.id}`, seller.access_token);
            reads++;
            writes.next();
            if (one.status !== 200) misses.push(`${order.id}: ${one.status}`);
          }
        }
      };
      try {
        await Promise.all(
          sellers.flatMap((seller) => [reader(seller, 'date_asc'), reader(seller, 'date_desc')]),
        );
      } finally {
        changes = await writes.stop();
      }
      expect(reads).toBeGreaterThan(SIZE.reads);
      expect(changes).toBeGreaterThan(SIZE.reads / 2);
      expect(misses).toEqual([]);
      expect(tooOld).toEqual([]);
    },
    BUDGET_MS,
  );
}

describe('reads under load on SQLite', () => readsNeverMiss('SQLite'));
(testDatabaseUrl ? describe : describe.skip)('reads under load on PostgreSQL', () =>
  readsNeverMiss('PostgreSQL'),
);
