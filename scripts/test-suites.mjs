#!/usr/bin/env node
// `npm test`: every suite, one after the other, whatever the ones before it did (lint, type check, the Vitest
// projects, the browser journeys), then one line per suite, and a failing exit when any of them failed. A failing
// unit test never keeps the journeys from running. The test runners still write their JSON reports in reports/,
// which `.ci/run` sums. `npm test -- unit e2e` runs only the suites named.
import { spawnSync } from 'node:child_process';

/** Each suite: its name and the npm script that runs it. */
const SUITES = [
  ['lint', 'lint'],
  ['typecheck', 'typecheck'],
  ['unit', 'test:unit'],
  ['e2e', 'test:e2e'],
];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !SUITES.some(([suite]) => suite === name));
if (unknown.length > 0) {
  console.error(
    `test-suites: no suite ${unknown.join(', ')}; the suites are ${SUITES.map(([s]) => s).join(', ')}`,
  );
  process.exit(2);
}
const chosen = asked.length === 0 ? SUITES : SUITES.filter(([suite]) => asked.includes(suite));

// The npm that runs this script runs the suites too (npm sets npm_execpath); `npm` from PATH otherwise.
const npm = process.env.npm_execpath
  ? { command: process.execPath, args: [process.env.npm_execpath] }
  : { command: 'npm', args: [] };

const results = [];
for (const [suite, script] of chosen) {
  const started = performance.now();
  const run = spawnSync(npm.command, [...npm.args, 'run', script], { stdio: 'inherit' });
  const seconds = Math.round((performance.now() - started) / 1000);
  const outcome = run.error
    ? `did not start (${run.error.message})`
    : run.status === 0
      ? 'passed'
      : run.signal
        ? `stopped by ${run.signal}`
        : `failed (exit ${run.status})`;
  results.push({ suite, ok: run.status === 0, line: `${suite}: ${outcome} in ${seconds} s` });
}

process.stdout.write(`\nsuites:\n${results.map((r) => `  ${r.line}`).join('\n')}\n`);
const failed = results.filter((r) => !r.ok).map((r) => r.suite);
if (failed.length > 0) {
  process.stdout.write(`npm test failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
