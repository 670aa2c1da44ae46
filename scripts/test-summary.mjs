// Sums vitest's and Playwright's JSON reports into the one closing line CI reads:
//   tests: N passed, N failed, N skipped
// Usage: node scripts/test-summary.mjs [report.json …] (default: reports/vitest.json reports/playwright.json)
// Each report is vitest's or Playwright's, told apart by its shape; several of each kind add up (the API suite runs
// once per store). Exits 1 when any test failed, 2 when no report could be read.
import { existsSync, readFileSync } from 'node:fs';

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
  } else {
    console.error(`test-summary: ${path} is neither a vitest nor a Playwright report`);
  }
}

if (reports === 0) {
  console.error(`test-summary: no report found at ${paths.join(', ')}`);
  process.exit(2);
}

process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(totals.failed > 0 ? 1 : 0);
