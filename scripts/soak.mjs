#!/usr/bin/env node
// `npm run soak`: the tests that load a server, at their full size, with the same assertions as the lighter size
// `npm test` runs (the tests read MOSTRADOR_SOAK through `soak` in the marketplace's test support). With
// TEST_DATABASE_URL set they run on PostgreSQL too. Arguments go to Vitest.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const SOAK_TESTS = ['apps/bff/src/reads-under-load.test.ts'];

const root = join(import.meta.dirname, '..');
const vitest = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'vitest.cmd' : 'vitest');
const run = spawnSync(vitest, ['run', '--project', 'node', ...SOAK_TESTS, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MOSTRADOR_SOAK: '1' },
});
if (run.error) console.error(`soak: vitest did not start (${run.error.message})`);
process.exit(run.status ?? 1);
