/**
 * `tsx scripts/build-web.ts [--if-changed]`: builds the SPA into dist/web with a progress line, then records the
 * hash of its inputs beside it (dist/web.inputs.json). With `--if-changed` (what `npm start` runs) the build is
 * skipped when that hash still matches the sources.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProgress } from '@mostrador/server-kit/logger';
import { build, type Plugin } from 'vite';
import { inputsFileOf, staleBecause, webInputsHash } from './web-build-inputs.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'dist', 'web');
const say = (line: string) => process.stderr.write(`${line}\n`);

const reason = process.argv.includes('--if-changed') ? await staleBecause(root, outDir) : 'asked to';
if (reason === null) {
  say('The dashboard is built already (its sources have not changed).');
  process.exit(0);
}

const started = performance.now();
say(`Building the dashboard (${reason})…`);
// A build stopped halfway must not pass for a finished one at the next start.
await rm(inputsFileOf(outDir), { force: true });
const progress = createProgress('Building the dashboard', { unit: 'modules' });
let modules = 0;
const counting: Plugin = {
  name: 'mostrador:build-progress',
  transform() {
    modules++;
    progress.update(modules);
    return null;
  },
};
try {
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', plugins: [counting] });
} catch (error) {
  progress.done('The dashboard did not build.');
  say(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
// Hashed after the build: the router plugin may have rewritten its generated route tree.
await writeFile(
  inputsFileOf(outDir),
  `${JSON.stringify({ sha256: await webInputsHash(root), modules, builtAt: new Date().toISOString() })}\n`,
);
progress.done(
  `Built the dashboard: ${modules} modules in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
