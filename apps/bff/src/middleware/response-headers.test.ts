import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { errorBody } from '@mostrador/contracts';
import { errorRenderer, responseHeaders } from '@mostrador/server-kit/http';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compression } from './compression.ts';
import { noStore, securityHeaders } from './security-headers.ts';
import { stepsMiddleware } from './steps.ts';

const onError = errorRenderer({ internalError: errorBody('internal_error') });

// One record for every answer, as the marketplace's handlers pass it.
const JSON_TYPE = { 'Content-Type': 'application/json' };
const SMALL = JSON.stringify({ id: 1, status: 'paid' });
const LARGE = JSON.stringify({ results: Array.from({ length: 400 }, (_, i) => ({ id: i, status: 'paid' })) });

function app() {
  const a = new Hono();
  a.use('*', stepsMiddleware([securityHeaders(), noStore(), compression()], onError));
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

describe('responseHeaders', () => {
  it('reads and changes a web Response through its Headers', () => {
    const res = new Response('x', { headers: { 'Content-Type': 'text/plain' } });
    const headers = responseHeaders(res);
    expect(headers.get('content-type')).toBe('text/plain');
    headers.set('X-Frame-Options', 'DENY');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('treats any name as a header, whatever its spelling', async () => {
    const a = new Hono();
    a.use('*', async (c, next) => {
      await next();
      const headers = responseHeaders(c.res);
      // The running server's light answer is changed in its own record, never turned into `Headers`.
      expect(headers).not.toBeInstanceOf(Headers);
      expect(headers.get('constructor')).toBeNull();
      expect(headers.has('toString')).toBe(false);
      headers.set('X-Shown', 'one');
      headers.set('x-shown', 'two');
      headers.delete('X-GONE');
    });
    // Made as handlers make it once the server runs (Hono would make `Headers` of a record of two names).
    a.get('/', () => new Response('ok', { headers: { 'Content-Type': 'text/plain', 'X-Gone': 'soon' } }));
    const server = serve({ fetch: a.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.headers.get('x-shown')).toBe('two');
      expect(res.headers.get('x-gone')).toBeNull();
      expect(res.headers.get('content-type')).toBe('text/plain');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses a value that would split the header block, as Headers does', async () => {
    const a = new Hono();
    let thrown: unknown;
    a.use('*', async (c, next) => {
      await next();
      try {
        responseHeaders(c.res).set('X-Evil', 'a\r\nSet-Cookie: x=1');
      } catch (error) {
        thrown = error;
      }
    });
    a.get('/', (c) => c.body('ok', 200, { 'Content-Type': 'text/plain' }));
    const server = serve({ fetch: a.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-evil')).toBeNull();
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(thrown).toBeInstanceOf(TypeError);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
