import { parseArgs } from 'node:util';
import { openMarketplaceClock } from '../clock/test-clock.ts';
import { openStore } from '../db/store.ts';
import { startSimulator } from './simulator.ts';

const usage = 'usage: npm run simulate -- --rate N [--db FILE] [--seconds S] [--seed S]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        rate: { type: 'string' },
        db: { type: 'string' },
        seconds: { type: 'string' },
        seed: { type: 'string' },
      },
      strict: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
})();
const rate = Number(values.rate ?? '');
if (!(rate > 0 && rate <= 1000))
  fail('--rate must be a number above 0 and at most 1000 (changes per second)');
const seconds = values.seconds === undefined ? undefined : Number(values.seconds);
if (seconds !== undefined && !(seconds > 0)) fail('--seconds must be a positive number');
const seed = Number(values.seed ?? Date.now() % 1_000_000);
if (!Number.isSafeInteger(seed)) fail('--seed must be a whole number');

// The same file the app uses by default: its dispatcher finds the outbox rows written here by polling.
const file = values.db ?? 'data/mostrador.db';
const store = await openStore({ file });
// The store's clock: changes are made at the marketplace's time, however far `npm run clock` moved it.
const clock = await openMarketplaceClock(store);
const counts = new Map<string, number>();
let errors = 0;
let skipped = 0;
const stop = startSimulator(store, {
  rate,
  seed,
  clock: clock.clock,
  onChange(change) {
    counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  },
  onBehind(n) {
    skipped += n;
  },
  onError(error) {
    errors++;
    if (errors <= 5) process.stderr.write(`simulate: ${(error as Error).message}\n`);
  },
});
process.stderr.write(`simulate: ${rate} changes per second on ${file}; Ctrl+C stops\n`);
const report = setInterval(() => {
  const line = [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
  const behind = skipped ? `, ${skipped} not made (the store could not keep up)` : '';
  process.stderr.write(
    `simulate: ${line || 'no change yet'}${errors ? `, ${errors} errors` : ''}${behind}\n`,
  );
}, 5_000);

async function finish() {
  clearInterval(report);
  await stop();
  await clock.close();
  await store.close();
  process.stdout.write(`${JSON.stringify(Object.fromEntries(counts))}\n`);
  process.exit(0);
}
process.on('SIGINT', () => void finish());
process.on('SIGTERM', () => void finish());
if (seconds !== undefined) setTimeout(() => void finish(), seconds * 1000);
