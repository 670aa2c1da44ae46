import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBodySchema } from '@mostrador/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/** A request sent exactly as written: the path is not resolved or re-encoded on the way. */
function raw(origin: string, path: string): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** What the server answers on the wire, before and around its routes (`npm start`, a real HTTP server). */
describe('the server on the wire', () => {
  let dir: string;
  let server: ServerProcess;
  let origin: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bff-wire-'));
    server = startServerProcess({ PORT: '0', DATABASE_FILE: join(dir, 'mostrador.db'), DEMO_ORDERS: '40' });
    origin = await server.listening;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses dot segments as sent, plain or percent-encoded, rather than resolving them', async () => {
    for (const path of [
      '/api/orders/%2e%2e/users/me',
      '/api/orders/%2E%2E/users/me',
      '/api/orders/../users/me',
      '/api/orders/./search',
      '/api/currencies/%2e/ARS',
    ]) {
      const res = await raw(origin, path);
      expect(res.status, path).toBe(404);
      expect(errorBodySchema.parse(JSON.parse(res.body)).error, path).toBe('not_found');
    }
    // The same resource without the detour is there.
    expect((await raw(origin, '/api/currencies/ARS')).status).toBe(200);
  });

  it('answers a request line over 16 KB with 431 and the error body', async () => {
    const res = await raw(origin, `/api/currencies?attributes=${'id,'.repeat(7000)}id`);
    expect(res.status).toBe(431);
    expect(res.type).toBe('application/json; charset=UTF-8');
    const body = errorBodySchema.parse(JSON.parse(res.body));
    expect(body).toMatchObject({ status: 431, error: 'request_header_fields_too_large' });
  });

  it('names the charset of every JSON answer, successes as errors', async () => {
    for (const path of ['/api/currencies', '/api/currencies/XXX', '/bff/health', '/api/nope']) {
      expect((await raw(origin, path)).type, path).toBe('application/json; charset=UTF-8');
    }
  });
});
