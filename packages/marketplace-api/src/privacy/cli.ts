import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { clockNow } from '../clock/test-clock.ts';
import { openStore } from '../db/store.ts';
import { erasePersonalData } from './erase.ts';
import { purgeExpiredOrders } from './retention.ts';

const usage =
  'usage: npm run privacy -- erase --user ID [--db FILE]\n' +
  '       npm run privacy -- purge [--db FILE]   (orders older than the 12-month retention)';

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(code);
}

const parsed = (() => {
  try {
    return parseArgs({
      options: { user: { type: 'string' }, db: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
})();
const [command, ...extra] = parsed.positionals;
if (extra.length > 0) fail(`unexpected arguments: ${extra.join(' ')}`);
// The server's default database (apps/bff DATABASE_FILE).
const file = parsed.values.db ?? 'data/mostrador.db';
if (!existsSync(file)) fail(`no database at ${file}`);

if (command === 'erase') {
  const raw = parsed.values.user ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) fail('--user must be a user id');
  const store = await openStore({ file });
  const result = await erasePersonalData(store, Number(raw), { now: await clockNow(store) }).finally(() =>
    store.close(),
  );
  if (!result.erased) fail(`no user ${raw}`, 1);
  process.stdout.write(`${JSON.stringify({ erased: Number(raw), tokens_revoked: result.tokensRevoked })}\n`);
  process.stderr.write('privacy: erased; running servers no longer show it, from their next answer on.\n');
} else if (command === 'purge') {
  const store = await openStore({ file });
  const result = await purgeExpiredOrders(store, await clockNow(store)).finally(() => store.close());
  process.stdout.write(
    `${JSON.stringify({ deleted: result.deleted, cutoff: new Date(result.cutoff).toISOString() })}\n`,
  );
} else {
  fail(command ? `unknown command ${command}` : 'a command is required');
}
