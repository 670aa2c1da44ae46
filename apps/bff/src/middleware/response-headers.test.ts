import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compression } from './compression.ts';
import { noStore } from './no-store.ts';
import { securityHeaders } from './security-headers.ts';

// One record for every answer, as the marketplace's handlers pass it.
const JSON_TYPE = { 'Content-Type': 'application/json' };
const SMALL = JSON.stringify({ id: 1, status: 'paid' });
const LARGE = JSON.stringify({ results: Array.from({ length: 400 }, (_, i) => ({ id: i, status: 'paid' })) });

const POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function app(options: { https?: boolean } = {}) {
  const a = new Hono();
  a.use(securityHeaders(options));
  a.use('/api/*', noStore());
  a.use(compression());
  a.get('/api/small', (c) => c.body(SMALL, 200, JSON_TYPE));
  a.get('/api/large', (c) => c.body(LARGE, 200, JSON_TYPE));
  a.get('/api/public', (c) => c.body(SMALL, 200, { ...JSON_TYPE, 'Cache-Control': 'public, max-age=60' }));
  a.get('/api/plain', (c) => c.text('hello'));
  a.get('/api/cookies', (c) => {
    c.header('Set-Cookie', 'a=1');
    c.header('Set-Cookie', 'b=2', { append: true });
    return c.body(SMALL, 200, JSON_TYPE);
  });
  return a;
}

describe('headers added to the answers of a running server', () => {
  let server: ReturnType<typeof serve>;
  let origin: string;
  beforeAll(async () => {
    server = serve({ fetch: app().fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('every answer gets the security headers, no-store and its charset, and the shared record stays as it was', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${origin}/api/small`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(SMALL)));
      expect(await res.text()).toBe(SMALL);
    }
    expect(JSON_TYPE).toEqual({ 'Content-Type': 'application/json' });
  });

  it('a public answer keeps its policy; a text answer gets the headers too', async () => {
    const open = await fetch(`${origin}/api/public`);
    expect(open.headers.get('cache-control')).toBe('public, max-age=60');
    const text = await fetch(`${origin}/api/plain`);
    expect(text.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(text.headers.get('cache-control')).toBe('no-store');
    expect(text.headers.get('x-frame-options')).toBe('DENY');
  });

  it('an answer with two cookies keeps both beside the added headers', async () => {
    const res = await fetch(`${origin}/api/cookies`);
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('a large answer is compressed with its headers kept', async () => {
    const res = await fetch(`${origin}/api/large`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(await res.text()).toBe(LARGE);
  });
});

describe('the security headers', () => {
  it('are the policy of the site, with HSTS only when the public origin is HTTPS', async () => {
    const expected = {
      'content-security-policy': POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    };
    const plain = await app().request('/api/small');
    const security = (res: Response) =>
      Object.fromEntries(
        [...res.headers].filter(([name]) => !/^(content-type|content-length|cache-control|vary)$/.test(name)),
      );
    expect(security(plain)).toEqual(expected);
    const https = await app({ https: true }).request('/api/small');
    expect(security(https)).toEqual({ ...expected, 'strict-transport-security': 'max-age=31536000' });
  });

  it('reach the answers of failures and of paths no route takes', async () => {
    const a = app();
    a.get('/api/fails', () => {
      throw new Error('boom');
    });
    a.onError((_error, c) => c.json({ error: 'internal_error' }, 500));
    for (const path of ['/api/fails', '/api/none']) {
      const res = await a.request(path);
      expect(res.status).toBeGreaterThanOrEqual(404);
      expect(res.headers.get('content-security-policy')).toBe(POLICY);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await a.request('/api/fails')).headers.get('content-type')).toBe(
      'application/json; charset=UTF-8',
    );
  });
});
