import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compiledCatalogs } from './apps/web/build/compiled-catalogs.ts';

// In development (`npm run dev`) the BFF runs on its own port and Vite forwards the API and BFF routes to it.
const bffOrigin = `http://127.0.0.1:${process.env.BFF_PORT ?? '3001'}`;

export default defineConfig({
  publicDir: 'apps/web/public',
  plugins: [
    // Must run before the React plugin: it generates the route tree and splits each route's component out.
    tanstackRouter({
      target: 'react',
      routesDirectory: 'apps/web/src/routes',
      generatedRouteTree: 'apps/web/src/routeTree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    compiledCatalogs(),
    tailwindcss(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // The CSP has no 'unsafe-inline': never inline small assets as data: scripts or styles.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/api': { target: bffOrigin, changeOrigin: false },
      '/bff': { target: bffOrigin, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
