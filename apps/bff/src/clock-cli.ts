/**
 * `npm run clock -- advance 15d | set 2027-01-01T00:00:00Z | show | reset`: the embedded marketplace's test clock
 * (decision 0289), in the database the server uses (DATABASE_URL, else DATABASE_FILE, as `npm start` reads them).
 * Running servers follow at once. The clock as JSON goes to stdout; a sentence about it to stderr.
 */
import { type ClockMove, ClockMoveRefused, moveClock, readClock } from '@mostrador/marketplace-api';
import { withCommandStore } from './command-store.ts';
import { env } from './env.ts';

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
const move: ClockMove | undefined =
  command === 'advance'
    ? { advance: argument! }
    : command === 'set'
      ? { set: argument! }
      : command === 'reset'
        ? { reset: true }
        : undefined;

// Local use only, as the partial answers on request: a platform's time is its own.
await withCommandStore(
  env,
  {
    fail,
    remote: (origin) =>
      `This server forwards /api to ${origin}: that platform keeps its own time, the test clock moves only the embedded marketplace.`,
    failure: 'Cannot move the clock in',
  },
  async (store, where) => {
    if (move) {
      const moved = await moveClock(store, move).catch((error: unknown) => {
        if (error instanceof ClockMoveRefused) fail(error.message, 2);
        throw error;
      });
      process.stdout.write(`${JSON.stringify(moved)}\n`);
      const purged =
        moved.purged > 0 ? `; ${moved.purged} orders passed the 12-month retention and were purged` : '';
      const changed =
        moved.changed > 0 ? `; ${moved.changed} orders changed with the time passed, each notified` : '';
      say(
        `The marketplace's time in ${where} is now ${moved.now}${purged}${changed}. Running servers follow at once.`,
      );
    } else {
      const shown = await readClock(store);
      process.stdout.write(`${JSON.stringify(shown)}\n`);
      say(
        shown.offset_ms === 0
          ? `The marketplace in ${where} runs at the machine's time.`
          : `The marketplace in ${where} runs ${describe(shown.offset_ms)} ahead of the machine's time.`,
      );
    }
  },
);

function describe(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  const hours = Math.floor((ms % 86_400_000) / 3_600_000);
  const minutes = Math.round((ms % 3_600_000) / 60_000);
  return [days && `${days} d`, hours && `${hours} h`, `${minutes} min`].filter(Boolean).join(' ');
}
