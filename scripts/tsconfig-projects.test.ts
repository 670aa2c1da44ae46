import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

// `npm run typecheck` (`tsc -b`) checks only the projects the root tsconfig.json references (decision 0220).
describe('the type check reaches every workspace', () => {
  const references: string[] = readJson('tsconfig.json').references.map((ref: { path: string }) => ref.path);

  it('references a project for each npm workspace and for the journeys', () => {
    const workspaces: string[] = readJson('package.json').workspaces;
    expect(references).toEqual(expect.arrayContaining([...workspaces, 'e2e']));
  });

  it('references only projects that exist and build on the shared base', () => {
    for (const path of references) {
      const file = path.endsWith('.json') ? path : join(path, 'tsconfig.json');
      expect(existsSync(join(root, file)), file).toBe(true);
      expect(readJson(file).extends, file).toMatch(/tsconfig\.base\.json$/);
    }
  });
});
