/**
 * `npm run --silent token -- NICKNAME`: prints a fresh six-hour access token of that demo account, issued in the
 * database the server uses (DATABASE_URL, else DATABASE_FILE, as `npm start` reads them), so curl and SDKs can call
 * the running server's `/api` with it. The token alone goes to stdout (for `TOKEN=$(…)`); everything else to stderr.
 */
import { clockNow, demoAccessToken } from '@mostrador/marketplace-api';
import { withCommandStore } from './command-store.ts';
import { env } from './env.ts';

const usage = 'usage: npm run --silent token -- NICKNAME   (a demo account, e.g. TIENDA_PALERMO)';
const say = (line: string) => process.stderr.write(`${line}\n`);
function fail(line: string, code = 1): never {
  say(line);
  process.exit(code);
}

const nicknames = process.argv.slice(2);
if (nicknames.length !== 1 || !nicknames[0] || nicknames[0].startsWith('-')) fail(usage, 2);
const nickname = nicknames[0];
await withCommandStore(
  env,
  {
    fail,
    remote: (origin) =>
      `This server forwards /api to ${origin}: tokens come from that platform, not from here.`,
    failure: 'Cannot issue a token in',
  },
  async (store, where) => {
    const issued = await demoAccessToken(store, nickname);
    if (!issued.found) {
      fail(
        issued.known.length > 0
          ? `No demo account is named ${nickname} in ${where}. Demo accounts: ${issued.known.join(', ')}.`
          : `${where} has no demo accounts.`,
        2,
      );
    }
    // At the marketplace's time, which `npm run clock` may have moved.
    const hours = Math.round((issued.expires_at - (await clockNow(store))) / 3_600_000);
    say(`A token for ${issued.nickname} (user ${issued.id}) in ${where}, valid for ${hours} hours:`);
    process.stdout.write(`${issued.access_token}\n`);
  },
);
