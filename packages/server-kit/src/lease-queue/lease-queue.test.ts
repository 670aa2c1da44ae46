import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropDatabase, type MigrationSet, openStore, recreateDatabase, type Store } from '../store/index.ts';
import { createLeaseQueue } from './lease-queue.ts';
import { type LeaseTable, leaseRuns, releaseRows } from './lease-sql.ts';

interface Jobs {
  jobs: {
    id: number;
    lane: string;
    due_at: number;
    done_at: number | null;
    claimed_by: string | null;
    claimed_until: number | null;
  };
}

const migrations: MigrationSet = (dialect) => ({
  '0001-jobs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
        .addColumn('lane', 'text', (c) => c.notNull())
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('done_at', 'bigint')
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_until', 'bigint')
        .execute();
    },
  },
});

const JOBS: LeaseTable = {
  table: 'jobs',
  due: 'due_at',
  lane: ['lane'],
  pending: { column: 'done_at', value: null },
};

const pgUrl = process.env.TEST_DATABASE_URL || undefined;
let dir: string;
let store: Store<Jobs>;
let dropAfter: string | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lease-queue-'));
  if (pgUrl) {
    const url = new URL(pgUrl);
    url.pathname = `/lease_${randomBytes(6).toString('hex')}`;
    dropAfter = url.toString();
    await recreateDatabase(dropAfter);
    store = await openStore<Jobs>({ url: dropAfter, keyFile: join(dir, 'keys.json'), migrations });
  } else {
    store = await openStore<Jobs>({ file: join(dir, 'jobs.db'), migrations });
  }
});

afterEach(async () => {
  await store.close();
  if (dropAfter) await dropDatabase(dropAfter);
  dropAfter = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function add(rows: [id: number, lane: string, dueAt: number][]) {
  await store.db
    .insertInto('jobs')
    .values(
      rows.map(([id, lane, due_at]) => ({
        id,
        lane,
        due_at,
        done_at: null,
        claimed_by: null,
        claimed_until: null,
      })),
    )
    .execute();
}

/** The oldest pending row of each lane, due and free: what each caller's own head query picks. */
async function heads(db: Kysely<Jobs>, now: number): Promise<number[]> {
  const firsts = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min<number>('id').as('id'))
    .where('done_at', 'is', null)
    .groupBy('lane')
    .execute();
  if (firsts.length === 0) return [];
  const due = await db
    .selectFrom('jobs')
    .select('id')
    .where(
      'id',
      'in',
      firsts.map((r) => Number(r.id)),
    )
    .where('due_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .orderBy('id')
    .execute();
  return due.map((r) => Number(r.id));
}

const claim = (now: number, worker: string, lease: { leaseMs: number; perLane: number }) =>
  store.db
    .transaction()
    .execute(async (trx) => leaseRuns(trx, JOBS, await heads(trx, now), now, worker, lease));

describe('leaseRuns', () => {
  it('leases each head with the unbroken run of due, free rows behind it in its lane', async () => {
    await add([
      [1, 'a', 0],
      [2, 'a', 0],
      [3, 'a', 500], // not due: stops lane a here
      [4, 'a', 0],
      [5, 'b', 0],
      [6, 'b', 0],
    ]);
    const got = await claim(100, 'w1', { leaseMs: 1000, perLane: 10 });
    expect(got).toEqual({ ids: [1, 2, 5, 6], until: 1100 });
    const held = await store.db.selectFrom('jobs').select(['id', 'claimed_by']).orderBy('id').execute();
    expect(held.filter((r) => r.claimed_by === 'w1').map((r) => Number(r.id))).toEqual([1, 2, 5, 6]);
  });

  it('takes at most perLane rows of a lane, and never a row another worker holds', async () => {
    await add([
      [1, 'a', 0],
      [2, 'a', 0],
      [3, 'a', 0],
      [4, 'b', 0],
    ]);
    expect((await claim(100, 'w1', { leaseMs: 1000, perLane: 2 })).ids).toEqual([1, 2, 4]);
    // Everything is held: a second worker gets nothing until the lease ends.
    expect((await claim(200, 'w2', { leaseMs: 1000, perLane: 2 })).ids).toEqual([]);
    expect((await claim(1200, 'w2', { leaseMs: 1000, perLane: 5 })).ids).toEqual([1, 2, 3, 4]);
  });

  it('gives rows back untouched to be claimed again, only by the worker that holds them', async () => {
    await add([
      [1, 'a', 0],
      [2, 'a', 0],
    ]);
    await claim(100, 'w1', { leaseMs: 1000, perLane: 5 });
    await releaseRows(store.db, JOBS, [1, 2], 'w2');
    expect((await claim(200, 'w2', { leaseMs: 1000, perLane: 5 })).ids).toEqual([]);
    await releaseRows(store.db, JOBS, [1, 2], 'w1');
    expect((await claim(200, 'w2', { leaseMs: 1000, perLane: 5 })).ids).toEqual([1, 2]);
  });
});

describe('createLeaseQueue', () => {
  function jobQueue(
    now: () => number,
    log: string[],
    onLane?: (ids: number[]) => Promise<void>,
    extra: {
      changes?: () => number;
      idlePollMs?: number;
      pollMs?: number;
      onClaim?: () => void;
      onClaimed?: () => void;
    } = {},
  ) {
    const queue = createLeaseQueue<{ id: number; lane: string }>({
      ...(extra.changes ? { changes: extra.changes } : {}),
      ...(extra.idlePollMs ? { idlePollMs: extra.idlePollMs } : {}),
      claim: async (at, worker, lease) => {
        extra.onClaim?.();
        const { ids } = await claim(at, worker, lease);
        extra.onClaimed?.();
        if (ids.length === 0) return [];
        return store.db
          .selectFrom('jobs')
          .select(['id', 'lane'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute();
      },
      laneOf: (row) => row.lane,
      handleLane: async (rows) => {
        await onLane?.(rows.map((r) => Number(r.id)));
        for (const row of rows) {
          log.push(`${row.lane}${row.id}`);
          await store.db.updateTable('jobs').set({ done_at: now() }).where('id', '=', row.id).execute();
        }
        return rows.length;
      },
      now,
      workerPrefix: 'test',
      leaseMs: 10_000,
      pollMs: extra.pollMs ?? 20,
    });
    return queue;
  }

  it('handles every lane in order, lanes side by side, and counts what it handled', async () => {
    await add([
      [1, 'a', 0],
      [2, 'b', 0],
      [3, 'a', 0],
      [4, 'b', 0],
      [5, 'a', 0],
    ]);
    const log: string[] = [];
    const queue = jobQueue(() => 100, log);
    expect(queue.worker).toMatch(/^test-\d+-[0-9a-f]{8}$/);
    expect(await queue.drain()).toBe(5);
    expect(log.filter((e) => e.startsWith('a'))).toEqual(['a1', 'a3', 'a5']);
    expect(log.filter((e) => e.startsWith('b'))).toEqual(['b2', 'b4']);
    expect(await queue.drain()).toBe(0);
  });

  it('runs in the background: woken for new rows, and stops after the lanes in flight', async () => {
    const log: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = jobQueue(
      () => 100,
      log,
      (ids) => (ids.includes(2) ? held : Promise.resolve()),
    );
    const running = queue.start();
    await add([[1, 'a', 0]]);
    running.wake();
    await expect.poll(() => log).toEqual(['a1']);
    await add([[2, 'b', 0]]);
    running.wake();
    await expect.poll(() => queue.inFlight).toBe(1);
    const stopped = running.stop();
    release();
    await stopped;
    expect(log).toEqual(['a1', 'b2']);
    await add([[3, 'c', 0]]);
    running.wake();
    expect(
      await store.db.selectFrom('jobs').select('id').where('done_at', 'is', null).execute(),
    ).toHaveLength(1);
  });

  it('woken for a lane it is handling, claims once that lane ends, while the others go on', async () => {
    const log: string[] = [];
    const holds = new Map<string, () => void>();
    const held = (lane: string) =>
      new Promise<void>((resolve) => {
        holds.set(lane, resolve);
      });
    let started = 0;
    let finished = 0;
    // The timer's look is a minute away: every claim below is a wake's or a lane's end.
    const queue = jobQueue(
      () => 100,
      log,
      (ids) => (ids.includes(1) ? held('a') : ids.includes(2) ? held('b') : Promise.resolve()),
      { pollMs: 60_000, onClaim: () => started++, onClaimed: () => finished++ },
    );
    const running = queue.start();
    await expect.poll(() => finished).toBe(1);
    await add([
      [1, 'a', 0],
      [2, 'b', 0],
    ]);
    running.wake();
    // The claim that took both lanes, and the one after it that found nothing more.
    await expect.poll(() => finished).toBe(3);
    expect(queue.inFlight).toBe(2);

    await add([[3, 'b', 0]]);
    running.wake('b');
    expect(started).toBe(3);
    holds.get('b')!();
    await expect.poll(() => log).toEqual(['b2', 'b3']);
    expect(queue.inFlight).toBe(1);

    const stopped = running.stop();
    holds.get('a')!();
    await stopped;
    expect(log).toEqual(['b2', 'b3', 'a1']);
  });

  it.skipIf(pgUrl)(
    'with a change signal, looks again only once it moved, or a second later for rows coming due',
    async () => {
      let clock = 100;
      let claims = 0;
      let looks = 0;
      const log: string[] = [];
      // What the dispatcher's signal is on PostgreSQL (notifications heard on the outbox's channel), counted here.
      let heard = 0;
      const changes = () => heard;
      const queue = jobQueue(() => clock, log, undefined, {
        changes: () => {
          looks++;
          return changes();
        },
        idlePollMs: 1_000,
        onClaim: () => {
          claims++;
        },
      });
      /**
       * Waits until the queue stops claiming: fifteen looks of the timer in a row without a claim (a commit that raced
       * a claim earns one more). Answers the claims made so far.
       */
      const quiet = async () => {
        for (let tries = 0; tries < 5; tries++) {
          const before = claims;
          const seen = looks;
          await expect.poll(() => looks, { timeout: 10_000 }).toBeGreaterThan(seen + 15);
          if (claims === before) return claims;
        }
        throw new Error('the queue never stopped claiming');
      };
      const running = queue.start();
      try {
        // The first look finds nothing; many timer looks later it still has not claimed again.
        await expect.poll(() => looks, { timeout: 10_000 }).toBeGreaterThan(15);
        expect(claims).toBe(1);

        // A row written by another store of the database (another process's, as far as this one can tell).
        const elsewhere = await openStore<Jobs>({ file: join(dir, 'jobs.db'), migrations });
        await elsewhere.db
          .insertInto('jobs')
          .values({ id: 1, lane: 'a', due_at: 0, done_at: null, claimed_by: null, claimed_until: null })
          .execute();
        await elsewhere.close();
        heard++;
        await expect.poll(() => log, { timeout: 10_000 }).toEqual(['a1']);

        // A row coming due later: written now, due past the clock. Nothing moves until the clock passes it and the
        // idle second is over.
        await add([[2, 'b', 5_000]]);
        heard++;
        await quiet();
        expect(log).toEqual(['a1']);
        clock = 6_000;
        await expect.poll(() => log, { timeout: 10_000 }).toEqual(['a1', 'b2']);

        // Woken, it claims at once, whatever the count says.
        const before = claims;
        running.wake();
        await expect.poll(() => claims, { timeout: 10_000 }).toBeGreaterThan(before);
      } finally {
        await running.stop();
      }
    },
  );
});
