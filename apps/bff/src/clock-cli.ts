/**
 * `npm run clock -- advance 15d | set 2027-01-01T00:00:00Z | show | reset`: the embedded marketplace's test clock
 * (decision 0289), in the database the server uses (DATABASE_URL, else DATABASE_FILE, as `npm start` reads them).
 * Running servers follow at once. The clock as JSON goes to stdout; a sentence about it to stderr.
 */
import { existsSync } from 'node:fs';
import {
  type ClockMove,
  ClockMoveRefused,
  moveClock,
  openStore,
  readClock,
  type Store,
} from '@mostrador/marketplace-api';
import { databaseExists } from '@mostrador/server-kit/store';
import { env } from './env.ts';
import { storeLabelOf, storeOptionsOf } from './store-options.ts';

const usage =
  'usage: npm run clock -- advance DURATION   (15d, 6h, 13mo; units s, min, h, d, w, mo, y)\n' +
  '       npm run clock -- set TIME           (ISO 8601, e.g. 2027-01-01T00:00:00Z; forward only)\n' +
  '       npm run clock -- show\n' +
  "       npm run clock -- reset              (back to the machine's time)";
const say = (line: string) => process.stderr.write(`${line}\n`);
function fail(line: string, code = 1): never {
  say(line);
  process.exit(code);
}

const [command, argument, ...extra] = process.argv.slice(2);
const takesArgument = command === 'advance' || command === 'set';
if (
  !command ||
  !['advance', 'set', 'show', 'reset'].includes(command) ||
  (takesArgument ? !argument : argument !== undefined) ||
  extra.length > 0
) {
  fail(usage, 2);
}
const where = storeLabelOf(env);
// Local use only, as the partial answers on request: a platform's time is its own.
if (env.MARKETPLACE_BASE_URL) {
  fail(
    `This server forwards /api to ${new URL(env.MARKETPLACE_BASE_URL).origin}: that platform keeps its own time, the test clock moves only the embedded marketplace.`,
  );
}
const exists = env.DATABASE_URL
  ? await databaseExists(env.DATABASE_URL).catch(() =>
      fail(`Cannot reach the ${where}: is PostgreSQL running, and is DATABASE_URL right?`),
    )
  : existsSync(env.DATABASE_FILE);
if (!exists)
  fail(`There is no database at ${where} yet: start the server first (npm start), which seeds it.`);

const move: ClockMove | undefined =
  command === 'advance'
    ? { advance: argument! }
    : command === 'set'
      ? { set: argument! }
      : command === 'reset'
        ? { reset: true }
        : undefined;

let store: Store | undefined;
try {
  store = await openStore(storeOptionsOf(env));
  if (move) {
    const moved = await moveClock(store, move);
    process.stdout.write(`${JSON.stringify(moved)}\n`);
    const purged =
      moved.purged > 0 ? `; ${moved.purged} orders passed the 12-month retention and were purged` : '';
    say(`The marketplace's time in ${where} is now ${moved.now}${purged}. Running servers follow at once.`);
  } else {
    const shown = await readClock(store);
    process.stdout.write(`${JSON.stringify(shown)}\n`);
    say(
      shown.offset_ms === 0
        ? `The marketplace in ${where} runs at the machine's time.`
        : `The marketplace in ${where} runs ${describe(shown.offset_ms)} ahead of the machine's time.`,
    );
  }
} catch (error) {
  if (error instanceof ClockMoveRefused) fail(error.message, 2);
  fail(
    `Cannot move the clock in ${where}: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
  );
} finally {
  await store?.close();
}

function describe(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  const hours = Math.floor((ms % 86_400_000) / 3_600_000);
  const minutes = Math.round((ms % 3_600_000) / 60_000);
  return [days && `${days} d`, hours && `${hours} h`, `${minutes} min`].filter(Boolean).join(' ');
}
