import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from './apps/web/build/compiled-catalogs.ts';

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    // Set-ups seed stores and start servers: budgets for a busy machine, not waits.
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default for a run is one worker less than the cores: one worker on a 2-core machine. Most test files
    // wait on servers, child processes and disk rather than compute, so two workers there take about 60% of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each project inherits the options above; only the web app's tests load its catalogs and its set-up.
    projects: [
      {
        extends: true,
        test: {
          // Every workspace but the web app runs in Node: the servers, the scripts and whatever joins them.
          name: 'node',
          include: ['**/*.test.ts'],
          exclude: ['apps/web/**'],
        },
      },
      {
        extends: true,
        plugins: [compiledCatalogs()],
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.ts', 'apps/web/**/*.test.tsx'],
          // Web code speaks English in tests.
          setupFiles: ['apps/web/src/test-support/english.ts'],
        },
      },
    ],
  },
});
