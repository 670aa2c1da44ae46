import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from './apps/web/build/compiled-catalogs.ts';

export default defineConfig({
  plugins: [compiledCatalogs()],
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'apps/**/*.test.tsx', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    pool: 'forks',
    // Web code speaks English in tests; the servers' tests never import it.
    setupFiles: ['apps/web/src/test-support/english.ts'],
  },
});
