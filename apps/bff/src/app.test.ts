import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@mostrador/server-kit/logger';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffDeps, createBff } from './app.ts';
import { CLIENT_SECRET, emptyStore, LOOSE_LIMITS } from './test-support.ts';

const SHELL =
  '<!doctype html><html><head><title>Mostrador</title></head><body><div id="root"></div></body></html>';

// Stands in for the marketplace only to observe the BFF's routing; the real API is tested in its own package. It
// answers at the paths the browser uses, as the embedded one is built.
function fakeMarketplace() {
  const api = new Hono().basePath('/api');
  api.get('/orders/:id', (c) => {
    if (c.req.param('id') === '13') throw new HTTPException(403, { message: 'nope' });
    return c.json({ id: Number(c.req.param('id')), path: c.req.path });
  });
  api.onError((error, c) =>
    c.json({ message: error.message, error: 'forbidden', status: 403, cause: [] }, 403, {
      'X-Marketplace': 'yes',
    }),
  );
  api.notFound((c) =>
    c.json({ message: `Resource ${c.req.path} not found`, error: 'not_found', status: 404, cause: [] }, 404),
  );
  return api;
}

let staticDir: string;
let store: Awaited<ReturnType<typeof emptyStore>>;

beforeAll(async () => {
  store = await emptyStore();
  staticDir = mkdtempSync(join(tmpdir(), 'bff-static-'));
  writeFileSync(join(staticDir, 'index.html'), SHELL);
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'main-abc123.js'), 'console.log(1)');
});

afterAll(() => {
  rmSync(staticDir, { recursive: true, force: true });
});

const deps = (overrides: Partial<BffDeps> = {}): BffDeps => ({
  marketplace: fakeMarketplace(),
  store,
  oauth: { clientId: 1, clientSecret: CLIENT_SECRET, authorizationUrl: '/api/authorization' },
  staticDir,
  limits: LOOSE_LIMITS,
  ...overrides,
});
const bff = () => createBff(deps());

describe('security headers', () => {
  it.each([
    '/',
    '/orders',
    '/bff/health',
    '/bff/session',
    '/api/orders/1',
    '/api/missing',
    '/assets/main-abc123.js',
  ])('are set on %s', async (path) => {
    const res = await bff().request(path, { headers: { Accept: 'text/html' } });
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('same-origin');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on every answer when the public origin is HTTPS, and never over plain HTTP origins', async () => {
    const tls = createBff(deps({ publicOrigins: ['https://mostrador.example'] }));
    for (const path of [
      '/',
      '/bff/health',
      '/bff/session',
      '/api/orders/1',
      '/assets/main-abc123.js',
      '/x.txt',
    ]) {
      const res = await tls.request(`https://mostrador.example${path}`);
      expect(res.headers.get('Strict-Transport-Security'), path).toBe('max-age=31536000');
    }
    for (const plain of [bff(), createBff(deps({ publicOrigins: ['http://10.0.0.7:3000'] }))]) {
      const res = await plain.request('http://127.0.0.1:3000/bff/health');
      expect(res.headers.get('Strict-Transport-Security')).toBeNull();
    }
  });
});

describe('/bff', () => {
  it('answers health without caching', async () => {
    const res = await bff().request('/bff/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('does not fall back to the SPA for unknown BFF routes', async () => {
    const res = await bff().request('/bff/nothing-here', { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('application/json');
  });
});

describe('/api', () => {
  it('forwards to the marketplace at the path the browser used', async () => {
    const res = await bff().request('/api/orders/42');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 42, path: '/api/orders/42' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('refuses paths outside the allowlist with a JSON 404, never the SPA shell', async () => {
    const res = await bff().request('/api/unknown/thing', { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: 'Resource /unknown/thing not found',
      error: 'not_found',
      status: 404,
      cause: [],
    });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers /api itself as a resource the marketplace does not have', async () => {
    const res = await bff().request('/api');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: 'Resource / not found',
      error: 'not_found',
      status: 404,
      cause: [],
    });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const res = await bff().request('/api/orders/42', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=UTF-8');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.text()).toBe('');
  });

  it('answers a marketplace that fails with the error body, its headers and its log line', async () => {
    const lines: string[] = [];
    const logger = createLogger({ destination: { write: (line: string) => lines.push(line) } });
    const failing = { fetch: () => Promise.reject(new Error('disk on fire')) };
    const res = await createBff(deps({ marketplace: failing, logger })).request('/api/orders/42');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      message: 'Internal server error',
      error: 'internal_error',
      status: 500,
      cause: [],
    });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.find((l) => l.msg === 'request')).toMatchObject({ path: '/api/orders/42', status: 500 });
    expect(logged.find((l) => l.msg === 'unexpected error')).toMatchObject({ path: '/api/orders/42' });
  });

  it("keeps the marketplace's error handler responses", async () => {
    const res = await bff().request('/api/orders/13');
    expect(res.status).toBe(403);
    expect(res.headers.get('X-Marketplace')).toBe('yes');
    expect(await res.json()).toEqual({ message: 'nope', error: 'forbidden', status: 403, cause: [] });
  });
});

describe('SPA', () => {
  it('serves index.html at /', async () => {
    const res = await bff().request('/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SHELL);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('falls back to index.html for client routes', async () => {
    const res = await bff().request('/orders/2000001234?status=paid', { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(await res.text()).toBe(SHELL);
  });

  it('serves hashed assets as immutable', async () => {
    const res = await bff().request('/assets/main-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404, not HTML, for a missing asset or file', async () => {
    for (const path of ['/assets/gone-000.js', '/robots.txt']) {
      const res = await bff().request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type') ?? '', path).not.toContain('text/html');
    }
  });

  it('serves only /api and /bff when there is no built SPA', async () => {
    const app = createBff(deps({ staticDir: join(staticDir, 'missing') }));
    expect((await app.request('/bff/health')).status).toBe(200);
    expect((await app.request('/orders')).status).toBe(404);
  });
});
