import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = resolve('scripts/test-suites.mjs');
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * `npm test` in a project of its own whose four suites each note in `ran.txt` that they ran; `failing` exit 1. Real
 * npm runs them, as it runs the repository's.
 */
function npmTest(failing: string[], args: string[] = []) {
  const folder = mkdtempSync(join(tmpdir(), 'test-suites-'));
  folders.push(folder);
  const suite = (name: string) =>
    `node -e "require('fs').appendFileSync('ran.txt', '${name}\\n'); process.exit(${failing.includes(name) ? 1 : 0})"`;
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({
      name: 'suites',
      private: true,
      scripts: {
        lint: suite('lint'),
        typecheck: suite('typecheck'),
        'test:unit': suite('unit'),
        'test:e2e': suite('e2e'),
      },
    }),
  );
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: folder, encoding: 'utf8' });
  let ran: string[] = [];
  try {
    ran = readFileSync(join(folder, 'ran.txt'), 'utf8').trim().split('\n');
  } catch {
    // No suite ran.
  }
  return { code: run.status, out: run.stdout, ran };
}

describe('npm test (scripts/test-suites.mjs)', () => {
  it('runs the journeys after a failing unit suite, reports every suite, and fails', () => {
    const { code, out, ran } = npmTest(['unit']);
    expect(ran).toEqual(['lint', 'typecheck', 'unit', 'e2e']);
    expect(code).toBe(1);
    expect(out).toMatch(/^ {2}lint: passed in \d+ s$/m);
    expect(out).toMatch(/^ {2}unit: failed \(exit 1\) in \d+ s$/m);
    expect(out).toMatch(/^ {2}e2e: passed in \d+ s$/m);
    expect(out).toContain('npm test failed: unit\n');
  });

  it('fails naming every failed suite, the first one included', () => {
    const { code, out, ran } = npmTest(['lint', 'e2e']);
    expect(ran).toEqual(['lint', 'typecheck', 'unit', 'e2e']);
    expect(code).toBe(1);
    expect(out).toContain('npm test failed: lint, e2e\n');
  });

  it('passes when every suite passed', () => {
    const { code, out, ran } = npmTest([]);
    expect(ran).toEqual(['lint', 'typecheck', 'unit', 'e2e']);
    expect(code).toBe(0);
    expect(out).not.toContain('failed');
  });

  it('runs only the suites named, and refuses a suite it does not know', () => {
    expect(npmTest([], ['unit', 'e2e']).ran).toEqual(['unit', 'e2e']);
    const unknown = npmTest([], ['unit', 'smoke']);
    expect(unknown.code).toBe(2);
    expect(unknown.ran).toEqual([]);
  });
});
