#!/usr/bin/env node
// The import boundaries of the tree, checked on every `npm run lint` (import cycles are Biome's noImportCycles).
// Each rule names the files it governs and the imports they may not make; a relative import is resolved to the file
// it names, a package import is checked by its name.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'reports', 'test-results', 'data', '.git']);
const SERVER_PACKAGES = ['@mostrador/marketplace-api', '@mostrador/server-kit', '@mostrador/bff'];
const DATABASE_DRIVERS = ['kysely', 'better-sqlite3', 'pg'];

/** `from '…'`, `import '…'`, `import('…')` and `export … from '…'`; type-only imports count too. */
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function featureOf(path) {
  const match = /^apps\/web\/src\/features\/([^/]+)\//.exec(path);
  return match ? match[1] : null;
}

function isPackage(specifier, names) {
  return names.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

/**
 * The rules. `file` is the importing file and `target` the imported one (repository-relative, for relative imports;
 * null for package imports), `specifier` what the code wrote.
 */
export const RULES = [
  {
    name: 'web-layers',
    message: 'ui/ and lib/ are the bottom layer of the web app: they import no feature, route or app module',
    applies: (file) => /^apps\/web\/src\/(ui|lib)\//.test(file),
    forbids: (_specifier, target) =>
      target !== null && /^apps\/web\/src\/(features|routes|app)\//.test(target),
  },
  {
    name: 'features-apart',
    message: 'a feature imports no other feature and no route: routes compose features',
    applies: (file) => featureOf(file) !== null,
    forbids: (_specifier, target, file) =>
      target !== null &&
      (/^apps\/web\/src\/(routes|app)\//.test(target) ||
        (featureOf(target) !== null && featureOf(target) !== featureOf(file))),
  },
  {
    name: 'browser-code',
    message: 'the web app shares runtime code with the servers only through @mostrador/contracts',
    // apps/web/build/ holds the bundler's own plugins: they run in Node while the app is built, never in the browser.
    applies: (file) => file.startsWith('apps/web/') && !file.startsWith('apps/web/build/'),
    forbids: (specifier, target) =>
      isPackage(specifier, SERVER_PACKAGES) ||
      specifier.startsWith('node:') ||
      (target !== null && !target.startsWith('apps/web/') && !target.startsWith('packages/contracts/')),
  },
  {
    name: 'contracts-alone',
    message: 'packages/contracts depends on no other workspace package',
    applies: (file) => file.startsWith('packages/contracts/'),
    forbids: (specifier, target) =>
      specifier.startsWith('@mostrador/') || (target !== null && !target.startsWith('packages/contracts/')),
  },
  {
    name: 'server-kit-below',
    message: 'packages/server-kit serves both servers and imports neither',
    applies: (file) => file.startsWith('packages/server-kit/'),
    forbids: (specifier, target) =>
      isPackage(specifier, ['@mostrador/marketplace-api', '@mostrador/bff', '@mostrador/web']) ||
      (target !== null && !target.startsWith('packages/server-kit/')),
  },
  {
    name: 'api-below-bff',
    message: 'the marketplace API knows nothing of the BFF or the web app',
    applies: (file) => file.startsWith('packages/marketplace-api/'),
    forbids: (specifier, target) =>
      isPackage(specifier, ['@mostrador/bff', '@mostrador/web']) ||
      (target !== null && !target.startsWith('packages/marketplace-api/')),
  },
  {
    name: 'tools-above-runtime',
    message: 'the development tools may import the runtime packages, never the reverse',
    applies: (file) => /^(apps|packages)\//.test(file),
    forbids: (specifier, target) =>
      isPackage(specifier, ['@mostrador/dev-tools']) || (target ?? '').startsWith('tools/'),
  },
  {
    name: 'packages-by-name',
    message: 'another workspace package is imported by its name, never by a relative path',
    applies: (file) => /^(apps|packages|tools)\/[^/]+\//.test(file),
    forbids: (_specifier, target, file) => {
      if (target === null) return false;
      const home = file.split('/').slice(0, 2).join('/');
      return /^(apps|packages|tools)\/[^/]+\//.test(target) && !target.startsWith(`${home}/`);
    },
  },
  {
    name: 'repositories-own-sql',
    message: 'route handlers reach the database only through repositories',
    applies: (file) =>
      !/\.test\.tsx?$/.test(file) &&
      /^(packages\/marketplace-api|apps\/bff)\/src\/(.+\/)?([a-z-]+-)?routes\.ts$/.test(file),
    forbids: (specifier) => isPackage(specifier, DATABASE_DRIVERS),
  },
];

function* sourceFiles(root, dir = root) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(root, path);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.gen.ts') && !entry.name.endsWith('.d.ts'))
      yield path;
  }
}

function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

/** Every broken boundary under `root` (`apps/`, `packages/`, `tools/`), as `{ file, line, specifier, rule, message }`. */
export function checkImports(root) {
  const problems = [];
  const toRepo = (path) => relative(root, path).split(sep).join('/');
  for (const top of ['apps', 'packages', 'tools']) {
    let files;
    try {
      files = [...sourceFiles(root, join(root, top))];
    } catch {
      continue;
    }
    for (const path of files) {
      const file = toRepo(path);
      const text = withoutComments(readFileSync(path, 'utf8'));
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2];
        const target = specifier.startsWith('.') ? toRepo(resolve(dirname(path), specifier)) : null;
        for (const rule of RULES) {
          if (rule.applies(file) && rule.forbids(specifier, target, file)) {
            const line = text.slice(0, match.index).split('\n').length;
            problems.push({ file, line, specifier, rule: rule.name, message: rule.message });
          }
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkImports(root);
  for (const p of problems)
    console.error(`${p.file}:${p.line} imports '${p.specifier}': ${p.message} (${p.rule})`);
  if (problems.length > 0) {
    console.error(`${problems.length} import boundar${problems.length === 1 ? 'y' : 'ies'} broken`);
    process.exit(1);
  }
}
