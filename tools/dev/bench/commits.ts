/**
 * `npm run bench:commits`: what a durable group commit costs the event loop (decision 0241). Units arrive at 200 a
 * second (one every 5 ms, a row of 300 bytes each) for 5 s on a SQLite file in WAL mode with `synchronous = FULL`;
 * the commit group either flushes the log inside the commit, on the event loop, or commits with the log written and
 * flushes it from libuv's thread pool (`flushLog`, what the stores do). The two run alternately, `--rounds` times
 * each, each in this process on a fresh file; printed: each unit's time to its answer, and the event loop's delay.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createCommitGroup, logFlusher } from '@mostrador/server-kit/store';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const UNITS = 1000;
const EVERY_MS = 5;

interface Round {
  unitP50: number;
  unitP99: number;
  loopP99: number;
  loopMax: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function round(offLoop: boolean): Promise<Round> {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-commits-'));
  const file = join(dir, 'bench.db');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  const db = new Kysely<{ t: { id: number | null; v: string } }>({
    dialect: new SqliteDialect({ database: sqlite }),
  });
  try {
    await sql`create table t (id integer primary key, v text)`.execute(db);
    const group = createCommitGroup(db, offLoop ? { flushLog: logFlusher(file) } : {});
    const loop = monitorEventLoopDelay({ resolution: 2 });
    loop.enable();
    const times: number[] = [];
    const units: Promise<void>[] = [];
    const started = performance.now();
    let sent = 0;
    await new Promise<void>((done) => {
      const timer = setInterval(() => {
        const due = Math.min(UNITS, Math.floor((performance.now() - started) / EVERY_MS));
        for (; sent < due; sent++) {
          // From when the unit was due, not when the timer ran: a timer held up by a flush on the event loop
          // would otherwise hide the wait.
          const at = started + sent * EVERY_MS;
          units.push(
            group
              .run((trx) =>
                trx
                  .insertInto('t')
                  .values({ id: null, v: 'x'.repeat(300) })
                  .execute(),
              )
              .then(() => {
                times.push(performance.now() - at);
              }),
          );
        }
        if (sent >= UNITS) {
          clearInterval(timer);
          done();
        }
      }, 1);
    });
    await Promise.all(units);
    loop.disable();
    times.sort((a, b) => a - b);
    return {
      unitP50: percentile(times, 0.5),
      unitP99: percentile(times, 0.99),
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
    };
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rounds = { inline: [] as Round[], offLoop: [] as Round[] };
for (let i = 0; i < Number(values.rounds); i++) {
  rounds.inline.push(await round(false));
  rounds.offLoop.push(await round(true));
}
const line = (name: string, rs: Round[]) =>
  `${name}: unit p50 ${median(rs.map((r) => r.unitP50)).toFixed(1)} ms · p99 ${median(rs.map((r) => r.unitP99)).toFixed(1)} ms; event-loop delay p99 ${median(rs.map((r) => r.loopP99)).toFixed(1)} ms · max ${median(rs.map((r) => r.loopMax)).toFixed(1)} ms`;
const ratio = (f: (r: Round) => number) =>
  (median(rounds.offLoop.map(f)) / median(rounds.inline.map(f))).toFixed(2);
process.stdout.write(
  [
    `${UNITS} units at ${1000 / EVERY_MS}/s, medians of ${values.rounds} alternating rounds`,
    line('flush on the event loop  ', rounds.inline),
    line('flush off the event loop ', rounds.offLoop),
    `off / on: unit p99 ${ratio((r) => r.unitP99)}×, event-loop delay p99 ${ratio((r) => r.loopP99)}×, max ${ratio((r) => r.loopMax)}×`,
    '',
  ].join('\n'),
);
