// Sums vitest's and Playwright's JSON reports into the one closing line CI reads:
//   tests: N passed, N failed, N skipped
// Usage: node scripts/test-summary.mjs [reports/vitest.json] [reports/playwright.json]
// Exits 1 when any test failed, 2 when no report could be read.
import { existsSync, readFileSync } from 'node:fs';

const [vitestPath = 'reports/vitest.json', playwrightPath = 'reports/playwright.json'] =
  process.argv.slice(2);

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

// Vitest's json reporter follows Jest's shape.
const vitest = read(vitestPath);
if (vitest) {
  reports++;
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  // A file that fails to import has no tests but is still a failure.
  const brokenSuites = (vitest.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
  ).length;
  totals.failed += brokenSuites;
}

// Playwright: expected = passed, unexpected = failed, flaky = passed after a retry.
const playwright = read(playwrightPath);
if (playwright?.stats) {
  reports++;
  totals.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  totals.failed += playwright.stats.unexpected ?? 0;
  totals.skipped += playwright.stats.skipped ?? 0;
  // Errors outside any test (global setup, web server start) fail the run without failing a test.
  totals.failed += (playwright.errors ?? []).length;
}

if (reports === 0) {
  console.error(`test-summary: no report found at ${vitestPath} or ${playwrightPath}`);
  process.exit(2);
}

process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(totals.failed > 0 ? 1 : 0);
