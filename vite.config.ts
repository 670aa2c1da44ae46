import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compiledCatalogs } from './apps/web/build/compiled-catalogs.ts';
import { precompressedAssets } from './apps/web/build/precompressed-assets.ts';
import { withoutJsonSchema } from './apps/web/build/without-json-schema.ts';
import { LANGUAGES } from './packages/contracts/src/languages.ts';

// In development (`npm run dev`) the BFF runs on its own port and Vite forwards the API and BFF routes to it.
const bffOrigin = `http://127.0.0.1:${process.env.BFF_PORT ?? '3001'}`;

export default defineConfig({
  publicDir: 'apps/web/public',
  resolve: {
    alias: [
      // The shim of useSyncExternalStore (asked for by Lingui and TanStack Store) only matters before React 18.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./apps/web/build/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    // Must run before the React plugin: it generates the route tree and splits each route's component out.
    tanstackRouter({
      target: 'react',
      routesDirectory: 'apps/web/src/routes',
      generatedRouteTree: 'apps/web/src/routeTree.gen.ts',
      autoCodeSplitting: true,
      // Each route's loader goes with its page, not into the first chunk: the schemas and fetchers of pages not opened
      // yet stay out of it. The orders list, the page most visits open on, keeps its loader in the first scripts
      // (its route's `codeSplitGroupings`, decision 0246).
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    // React Aria brings the words of its components (a combobox's announcements, a toast's close button) in some 30
    // languages: only the dashboard's own three are kept.
    optimizeLocales.vite({ locales: [...LANGUAGES] }),
    withoutJsonSchema(),
    compiledCatalogs(),
    tailwindcss(),
    precompressedAssets(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // The CSP has no 'unsafe-inline': never inline small assets as data: scripts or styles.
    assetsInlineLimit: 0,
    // Every browser the dashboard supports preloads modules natively. The page's HTML names its first scripts; a
    // page's code loaded later (`import()`) brings its own imports as the browser reads them, without the helper that
    // would add a preload link per import to the document first (decision 0245: about 12% of the first orders'
    // time on loopback, measured).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? dependencies : []),
    },
    rollupOptions: {
      // zod's builders (`z.object(…)`, `z.string().min(1)`) make schemas and touch nothing else: the contracts a page does not
      // use stay out of its chunks instead of every schema landing in the first one.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // zod and the setting it is used with in the browser (`lib/zod-config.ts`) in one chunk: every chunk that
          // builds schemas imports it, so the setting is made before the first schema is built.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]lib[\\/]zod-config\.ts$/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: bffOrigin, changeOrigin: false },
      '/bff': { target: bffOrigin, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
