import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { noStore, securityHeaders } from './security/security-headers.ts';

/** Anything with Hono's `fetch`: the embedded marketplace app, or a forwarder to a remote one. */
export interface FetchApp {
  // Method syntax on purpose: it accepts apps typed with their own Env (e.g. `Hono<ApiEnv>`).
  fetch(request: Request, env?: unknown, executionCtx?: unknown): Response | Promise<Response>;
}

export interface BffDeps {
  /** The marketplace API app, mounted at `/api` (it sees paths without the prefix). */
  marketplace: FetchApp;
  /** Folder of the built SPA (`dist/web`); when absent only `/api` and `/bff` are served. */
  staticDir?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Builds the backend-for-frontend: security headers, `/api` → marketplace, `/bff/*`, and the SPA at `/`. */
export function createBff(deps: BffDeps): Hono {
  const app = new Hono();

  app.use('*', securityHeaders());
  app.use('/api/*', noStore());
  app.use('/bff/*', noStore());

  // mount() hands the request to the marketplace's own fetch, so its notFound and onError bodies reach the client
  // unchanged (app.route() would drop the sub-app's notFound handler).
  app.mount('/api', (request, env, executionCtx) => deps.marketplace.fetch(request, env, executionCtx));

  app.get('/bff/health', (c) => c.json({ status: 'ok' }));
  app.all('/bff/*', (c) => c.json({ error: 'not_found', message: 'No such BFF route' }, 404));

  const staticDir = deps.staticDir;
  if (staticDir && existsSync(staticDir)) {
    const indexFile = join(staticDir, 'index.html');

    app.use(
      '/assets/*',
      async (c, next) => {
        await next();
        if (c.res.status === 200) c.res.headers.set('Cache-Control', IMMUTABLE);
      },
      serveStatic({ root: staticDir }),
    );
    // A missing hashed asset is a real 404, never the HTML shell (that would be parsed as JS or CSS).
    app.all('/assets/*', (c) => c.text('Not Found', 404));

    // index.html and other unhashed files must be revalidated, or a deploy would leave browsers on old chunks.
    app.use('*', async (c, next) => {
      await next();
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-cache');
    });
    app.use('*', serveStatic({ root: staticDir }));

    // Client-side routes get the SPA shell; a path naming a file (`/robots.txt`) that is not there stays a 404.
    app.get('*', async (c) => {
      const lastSegment = c.req.path.slice(c.req.path.lastIndexOf('/') + 1);
      if (lastSegment.includes('.')) return c.text('Not Found', 404);
      return c.html(await readFile(indexFile, 'utf8'));
    });
  }

  return app;
}
