import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openStore } from '../db/store.ts';
import { seedStore } from './seed.ts';

const usage = 'usage: npm run seed -- --db FILE --orders N [--seed S]';

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

const file = values.db;
for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
const started = performance.now();
const store = await openStore({ file, unsafeFastWrites: true });
let lastReport = 0;
try {
  const manifest = await seedStore(store, {
    orders,
    seed,
    bulk: true,
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
  await store.close();
  process.stderr.write(`seed: done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  process.stdout.write(`${JSON.stringify(manifest)}\n`);
} catch (error) {
  await store.close().catch(() => {});
  for (const suffix of ['', '-wal', '-shm', '.keys.json']) rmSync(`${file}${suffix}`, { force: true });
  process.stderr.write(`seed failed: ${(error as Error).message}\n`);
  process.exit(1);
}
