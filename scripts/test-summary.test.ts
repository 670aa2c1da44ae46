import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'test-summary-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the summary on the given reports; its output and exit code. */
function summarise(reports: Record<string, unknown>): { out: string; code: number } {
  const paths = Object.entries(reports).map(([name, report]) => {
    const path = join(folder, name);
    writeFileSync(path, JSON.stringify(report));
    return path;
  });
  try {
    const out = execFileSync(process.execPath, ['scripts/test-summary.mjs', ...paths], { encoding: 'utf8' });
    return { out, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; status: number };
    return { out: failed.stdout, code: failed.status };
  }
}

const playwright = {
  stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 2 },
  errors: [],
  suites: [
    {
      title: 'picker.spec.ts',
      file: 'picker.spec.ts',
      specs: [],
      suites: [
        {
          title: 'location picker',
          file: 'picker.spec.ts',
          specs: [
            { title: 'by keyboard', tests: [{ status: 'unexpected' }] },
            { title: 'by pointer', tests: [{ status: 'flaky' }, { status: 'expected' }] },
          ],
        },
      ],
    },
  ],
};

const vitest = {
  numPassedTests: 5,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    {
      name: join(process.cwd(), 'apps/bff/src/a.test.ts'),
      status: 'failed',
      assertionResults: [
        { status: 'failed', fullName: 'sessions end everywhere' },
        { status: 'passed', fullName: 'sessions start' },
      ],
    },
    {
      name: join(process.cwd(), 'apps/bff/src/b.test.ts'),
      status: 'failed',
      message: 'Cannot find module\nat …',
      assertionResults: [],
    },
  ],
};

describe('the test summary', () => {
  it('adds up both kinds of report and names each failed test above the closing line', () => {
    const { out, code } = summarise({ 'vitest.json': vitest, 'playwright.json': playwright });
    expect(out.trim().split('\n')).toEqual([
      'failed: apps/bff/src/a.test.ts › sessions end everywhere',
      'failed: apps/bff/src/b.test.ts: Cannot find module',
      'failed: picker.spec.ts › location picker › by keyboard',
      'tests: 9 passed, 3 failed, 3 skipped',
    ]);
    expect(code).toBe(1);
  });

  it('prints the closing line alone and exits 0 when nothing failed', () => {
    const passing = { ...vitest, numFailedTests: 0, testResults: [] };
    expect(summarise({ 'vitest.json': passing })).toEqual({
      out: 'tests: 5 passed, 0 failed, 1 skipped\n',
      code: 0,
    });
  });
});
