import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED } from '../logger/logger.ts';
import { requestLog } from './request-log.ts';

const TOKEN = 'APP_USR-5503910054141466-112116-0123456789abcdef0123456789abcdef-100000001';

/** An app behind the request log, and every line it wrote. */
function logged(options: Parameters<typeof requestLog>[1] = {}) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    destination: new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    }),
  });
  const app = new Hono();
  app.onError((_error, c) => c.json({ error: 'internal_error' }, 500));
  app.use(requestLog(logger, options));
  app.get('/api/orders/:id', (c) => c.json({ id: c.req.param('id') }));
  app.get('/api/fails', () => {
    throw new Error('boom');
  });
  app.get('/bff/callback', (c) => c.redirect('/'));
  return { app, lines };
}

describe('requestLog', () => {
  it('writes method, path, the query decoded and masked, the final status and the duration', async () => {
    const { app, lines } = logged();
    await app.request(
      `/api/orders/2000001?access%5Ftoken=${TOKEN}&attributes=id&q=11%204567-8901&seller=canary.person%40example.org`,
    );
    await app.request('/api/fails');
    await app.request('/api/none');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({
      level: 'info',
      time: expect.any(String),
      msg: 'request',
      method: 'GET',
      path: '/api/orders/2000001',
      query: { access_token: REDACTED, attributes: 'id', q: REDACTED, seller: '[email]' },
      status: 200,
      duration_ms: expect.any(Number),
    });
    expect(lines.slice(1).map((line) => [line.path, line.status, line.query])).toEqual([
      ['/api/fails', 500, undefined],
      ['/api/none', 404, undefined],
    ]);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(TOKEN.slice(8));
    expect(text).not.toContain('4567');
    expect(text).not.toContain('canary.person');
  });

  it('masks search terms whole: names and nicknames are personal data', async () => {
    const { app, lines } = logged();
    for (const q of ['María%20Fernández', 'COMPRADOR_BELGRANO', 'Q', '']) {
      await app.request(`/api/orders/7?seller=100008826&q=${q}&Q=${q}`);
    }
    expect(lines.map((line) => line.query)).toEqual(
      Array(4).fill({ seller: '100008826', q: REDACTED, Q: REDACTED }),
    );
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/Mar[ií]a|Fern|BELGRANO/);
  });

  it('leaves the query out where it is told to', async () => {
    const { app, lines } = logged({ query: (path) => path.startsWith('/api/') });
    await app.request('/bff/callback?code=secret-code&state=secret-state');
    await app.request('/api/orders/7?attributes=id');
    expect(lines.map(({ path, query, status }) => ({ path, query, status }))).toEqual([
      { path: '/bff/callback', query: undefined, status: 302 },
      { path: '/api/orders/7', query: { attributes: 'id' }, status: 200 },
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('logs paths from where the app is mounted', async () => {
    const { app, lines } = logged({ basePath: '/api' });
    await app.request('/api/orders/7');
    expect(lines.map(({ path }) => path)).toEqual(['/orders/7']);
  });
});
