import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from './apps/web/build/compiled-catalogs.ts';

export default defineConfig({
  plugins: [compiledCatalogs()],
  test: {
    include: [
      'packages/**/*.test.ts',
      'apps/**/*.test.ts',
      'apps/**/*.test.tsx',
      'scripts/**/*.test.ts',
      'tools/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    pool: 'forks',
    // Vitest's default for a run is one worker less than the cores: one worker on a 2-core machine. Most test files
    // wait on servers, child processes and disk rather than compute, so two workers there take about 60% of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Web code speaks English in tests; the servers' tests never import it.
    setupFiles: ['apps/web/src/test-support/english.ts'],
  },
});
