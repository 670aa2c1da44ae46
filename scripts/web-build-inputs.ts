import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * What the SPA's build reads: its sources, catalogs and public files, the contracts it imports, the build's own
 * configuration and plugins, and the locked dependency versions. Tests are left out: they never reach the bundle.
 */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/contracts/tsconfig.json',
  'index.html',
  'vite.config.ts',
  'tsconfig.base.json',
  'package.json',
  'package-lock.json',
];

const LEFT_OUT = /\.test\.tsx?$|(?:^|\/)test-support\//;

/** The file beside the build's output (`dist/web`) that names the inputs it was built from. */
export const inputsFileOf = (outDir: string) => `${outDir}.inputs.json`;

async function filesUnder(root: string, entry: string): Promise<string[]> {
  const path = join(root, entry);
  if (!existsSync(path)) return [];
  const found = await readdir(path, { recursive: true, withFileTypes: true }).catch(() => null);
  if (found === null) return [entry];
  return found
    .filter((dirent) => dirent.isFile())
    .map((dirent) => relative(root, join(dirent.parentPath, dirent.name)).split(sep).join('/'));
}

/** SHA-256 over every input's path and bytes, in a fixed order: the same sources give the same hash anywhere. */
export async function webInputsHash(root: string): Promise<string> {
  const files = (await Promise.all(WEB_BUILD_INPUTS.map((entry) => filesUnder(root, entry))))
    .flat()
    .filter((file) => !LEFT_OUT.test(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why the build must run, or null when `outDir` holds a build of exactly these inputs. */
export async function staleBecause(root: string, outDir: string): Promise<string | null> {
  if (!existsSync(join(outDir, 'index.html'))) return 'no build yet';
  const recorded = await readFile(inputsFileOf(outDir), 'utf8').then(
    (text) => (JSON.parse(text) as { sha256?: unknown }).sha256,
    () => undefined,
  );
  if (typeof recorded !== 'string') return 'the build does not name its inputs';
  return recorded === (await webInputsHash(root)) ? null : 'the sources changed';
}
