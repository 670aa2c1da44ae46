/**
 * `npm run faults -- …`: sets the faults on purpose that the embedded API of `npm start` answers with, in the
 * database the server uses (DATABASE_URL, else DATABASE_FILE, as `npm start` reads them); running servers follow at
 * once (decision 0293). `add` prints the new rule's line (its id first) to stdout; everything else goes to stderr.
 */
import { parseArgs } from 'node:util';
import { checkRule, createFaultRuleRepository, faultRuleLine } from '@mostrador/marketplace-api';
import { withCommandStore } from './command-store.ts';
import { env } from './env.ts';

const usage = [
  'usage: npm run faults -- add FAULT [--method GET] [--path /orders/*] [--times N] [--fraction 0.5]',
  '       npm run faults -- add deliver=late|twice|out-of-order [delay=MS] [--topic orders_v2] [--times N] [--fraction F]',
  '       npm run faults -- list | remove ID | clear',
  'FAULT: status=500, status=503, status=429 [retry-after=S], delay=MS, drop; joined with ";" (as X-Simulate-Fault)',
].join('\n');
const say = (line: string) => process.stderr.write(`${line}\n`);
function fail(line: string, code = 1): never {
  say(line);
  process.exit(code);
}

const parsed = (() => {
  try {
    return parseArgs({
      options: {
        method: { type: 'string' },
        path: { type: 'string' },
        topic: { type: 'string' },
        times: { type: 'string' },
        fraction: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`, 2);
  }
})();
const [command, ...rest] = parsed.positionals;
const options = parsed.values;
const selectors = Object.keys(options);
if (command === 'add') {
  // `add status=429 retry-after=30` reads as `add "status=429; retry-after=30"`.
  if (rest.length === 0) fail(`add needs a fault\n${usage}`, 2);
} else if (command === 'list' || command === 'clear') {
  if (rest.length > 0 || selectors.length > 0) fail(`${command} takes nothing more\n${usage}`, 2);
} else if (command === 'remove') {
  if (rest.length !== 1 || !/^[1-9]\d{0,15}$/.test(rest[0]!) || selectors.length > 0) {
    fail(`remove takes the id of a rule (npm run faults -- list)\n${usage}`, 2);
  }
} else {
  fail(`${command ? `unknown command ${command}` : 'a command is required'}\n${usage}`, 2);
}
const rule = command === 'add' ? checkRule({ fault: rest.join(';'), ...options }) : undefined;
if (rule && !rule.ok) fail(`${rule.problems.join('\n')}\n${usage}`, 2);

await withCommandStore(
  env,
  {
    fail,
    remote: (origin) =>
      `This server forwards /api to ${origin}: faults on purpose are the embedded API's, not that platform's.`,
    failure: 'Cannot change the fault rules of',
  },
  async (store, where) => {
    const rules = createFaultRuleRepository(store.db, store.group);
    if (rule?.ok) {
      const added = await rules.add(rule.fault, Date.now());
      process.stdout.write(`${faultRuleLine(added)}\n`);
      say(`Rule ${added.id} added in ${where}: running servers answer with it from their next request on.`);
    } else if (command === 'list') {
      const all = await rules.list();
      for (const one of all) process.stdout.write(`${faultRuleLine(one)}\n`);
      if (all.length === 0) say(`No fault rules in ${where}.`);
    } else if (command === 'remove') {
      if (!(await rules.remove(Number(rest[0]))))
        fail(`No rule ${rest[0]} in ${where} (it may have been used up).`);
      say(`Rule ${rest[0]} removed from ${where}.`);
    } else {
      say(`${await rules.clear()} rules removed from ${where}.`);
    }
  },
);
