import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '@mostrador/marketplace-api';
import { auditFileOf } from '@mostrador/marketplace-api/seed';
import { dropDatabase, isPostgresUrl, recreateDatabase } from '@mostrador/server-kit/store';
import { createBulkRepository } from './bulk-repository.ts';
import { bulkSeed } from './bulk-seed.ts';

/**
 * An order row carries about 2.7 KB of documents: an 8 KB page holds two and leaves a third of itself empty, a 16 KB
 * page five. The seeded file is a tenth smaller, its load writes and its index builds read that much less, and a
 * point read still reads one small page (decision 0195).
 */
const SEED_PAGE_BYTES = 16_384;

const usage = 'usage: npm run seed -- --db FILE|postgres://… --orders N [--seed S]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: { db: { type: 'string' }, orders: { type: 'string' }, seed: { type: 'string' } },
      strict: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
})();
if (!values.db) fail('--db is required');
const orders = Number(values.orders ?? '');
if (!Number.isSafeInteger(orders) || orders < 0 || orders > 50_000_000)
  fail('--orders must be a whole number');
const seed = Number(values.seed ?? '1');
if (!Number.isSafeInteger(seed)) fail('--seed must be a whole number');

// A file is replaced; a PostgreSQL URL's database is dropped and created anew (its keys stay in data/).
const file = values.db;
const postgres = isPostgresUrl(file);
const started = performance.now();
/** The store's file with those suffixes, and whatever its access log keeps beside it (decision 0086). */
function removeFiles(suffixes: string[]) {
  for (const suffix of suffixes) rmSync(`${file}${suffix}`, { force: true });
  const audit = auditFileOf(file);
  const folder = dirname(audit);
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder))
    if (name.startsWith(basename(audit))) rmSync(join(folder, name), { recursive: true, force: true });
}
try {
  if (postgres) await recreateDatabase(file);
  else removeFiles(['', '-wal', '-shm']);
} catch (error) {
  process.stderr.write(`seed failed: ${(error as Error).message}\n`);
  process.exit(1);
}
// The bulk load skips the journal and the waits for the disk (decisions 0153, 0159). A failure the command sees
// removes what it wrote; a process killed or a machine down mid-seed leaves a partial store it cannot clean up.
process.stderr.write(
  `seed: loading without a journal; if this command is interrupted, delete ${postgres ? 'the database' : `${file} (and any ${file}.seed-… folder)`} and seed again\n`,
);
const store = await openStore(
  postgres
    ? { url: file, unsafeFastWrites: true }
    : { file, unsafeFastWrites: true, pageSize: SEED_PAGE_BYTES },
);
let lastReport = 0;
try {
  const manifest = await bulkSeed(store, {
    orders,
    seed,
    ...(postgres ? {} : { file }),
    onPhase(name, seconds) {
      process.stderr.write(`seed: ${name} in ${seconds.toFixed(1)} s\n`);
    },
    onProgress(done, total) {
      const now = performance.now();
      if (now - lastReport > 2000 || done === total) {
        lastReport = now;
        const seconds = (now - started) / 1000;
        process.stderr.write(`seed: ${done}/${total} orders, ${seconds.toFixed(1)} s\n`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  await createBulkRepository(store.db).recordSeedSeconds(seconds);
  await store.close();
  process.stderr.write(`seed: done in ${seconds.toFixed(1)} s\n`);
  process.stdout.write(`${JSON.stringify(manifest)}\n`);
} catch (error) {
  await store.close().catch(() => {});
  if (postgres) await dropDatabase(file).catch(() => {});
  else removeFiles(['', '-wal', '-shm', '.keys.json']);
  process.stderr.write(`seed failed: ${(error as Error).message}\n`);
  process.exit(1);
}
