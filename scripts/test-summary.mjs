// Sums vitest's and Playwright's JSON reports into the one closing line CI reads:
//   tests: N passed, N failed, N skipped
// Each failed test is named on a line of its own above it (`failed: file › title`).
// Usage: node scripts/test-summary.mjs [report.json …] (default: reports/vitest.json reports/playwright.json)
// Each report is vitest's or Playwright's, told apart by its shape; several of each kind add up (the API suite runs
// once per store). Exits 1 when any test failed, 2 when no report could be read.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The first line of an error message, or a placeholder when there is none. */
const firstLine = (message) => String(message ?? 'no message').split('\n')[0];

const paths =
  process.argv.length > 2 ? process.argv.slice(2) : ['reports/vitest.json', 'reports/playwright.json'];

function read(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    console.error(`test-summary: ${path} is not valid JSON (${error.message})`);
    return undefined;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let reports = 0;
// Which tests failed, by file and title, printed above the closing line so a log's tail names them.
const failures = [];

/** Playwright's failed tests: a spec's test whose outcome was unexpected, in every nested suite. */
function playwrightFailures(suites, titles = []) {
  for (const suite of suites ?? []) {
    const path = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') failures.push([suite.file, ...path, spec.title].join(' › '));
      }
    }
    playwrightFailures(suite.suites, path);
  }
}

for (const path of paths) {
  const report = read(path);
  if (!report) continue;
  if (report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky = passed after a retry.
    reports++;
    totals.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    totals.failed += report.stats.unexpected ?? 0;
    totals.skipped += report.stats.skipped ?? 0;
    // Errors outside any test (global setup, web server start) fail the run without failing a test.
    totals.failed += (report.errors ?? []).length;
    playwrightFailures(report.suites);
    for (const error of report.errors ?? []) failures.push(`outside any test: ${firstLine(error.message)}`);
  } else if ('numPassedTests' in report) {
    // Vitest's json reporter follows Jest's shape.
    reports++;
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A file that fails to import has no tests but is still a failure.
    const brokenSuites = (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
    ).length;
    totals.failed += brokenSuites;
    for (const file of report.testResults ?? []) {
      const name = relative(process.cwd(), file.name ?? '');
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) failures.push(`${name} › ${test.fullName ?? test.title}`);
      if (file.status === 'failed' && failed.length === 0)
        failures.push(`${name}: ${firstLine(file.message)}`);
    }
  } else {
    console.error(`test-summary: ${path} is neither a vitest nor a Playwright report`);
  }
}

if (reports === 0) {
  console.error(`test-summary: no report found at ${paths.join(', ')}`);
  process.exit(2);
}

const shown = 30;
for (const failure of failures.slice(0, shown)) process.stdout.write(`failed: ${failure}\n`);
if (failures.length > shown) process.stdout.write(`failed: … and ${failures.length - shown} more\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(totals.failed > 0 ? 1 : 0);
