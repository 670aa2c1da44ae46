import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, listen } from '../live-updates/live-test-support.ts';
import { type Browser, createKit, type Kit } from '../test-support.ts';
import { COMPRESSION_THRESHOLD_BYTES, chooseEncoding } from './compression.ts';

let kit: Kit;
let http: Awaited<ReturnType<typeof listen>>;
let seller: Browser;
const script = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request over real HTTP whose body is read as sent (fetch would decode it). */
function raw(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    get(`${http.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

const decoded = (res: Raw) =>
  res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.body)
    : res.headers['content-encoding'] === 'gzip'
      ? gunzipSync(res.body)
      : res.body;

beforeAll(async () => {
  const staticDir = mkdtempSync(join(tmpdir(), 'mostrador-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(
    join(staticDir, 'index.html'),
    `<!doctype html>\n<html lang="en"><head><title>Mostrador</title></head><body>${'<div class="skeleton"></div>'.repeat(200)}</body></html>\n`,
  );
  writeFileSync(join(staticDir, 'assets', 'app-C0ffee12.js'), script);
  writeFileSync(join(staticDir, 'assets', 'app-C0ffee12.js.br'), brotliCompressSync(script));
  writeFileSync(join(staticDir, 'assets', 'app-C0ffee12.js.gz'), gzipSync(script));
  writeFileSync(join(staticDir, 'assets', 'tiny-D00d1e34.js'), 'export const a = 1;\n');
  kit = await createKit({ bff: { staticDir, liveUpdates: { heartbeatMs: 50 } } });
  http = await listen(kit.bff.app);
  seller = kit.browser('127.0.0.1');
  await seller.signIn('TIENDA_PALERMO');
});

afterAll(async () => {
  await http?.close();
});

describe('compressed answers over HTTP', () => {
  const search = () => `/api/orders/search?seller=${kit.user('TIENDA_PALERMO').id}&limit=50`;

  it('sends a page of orders with brotli when the browser takes it, the same JSON once decoded', async () => {
    const plain = await raw(search(), cookieOf(seller));
    const br = await raw(search(), { ...cookieOf(seller), 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
    expect(JSON.parse(decoded(br).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(br.headers['cache-control']).toBe('no-store');
  });

  it('uses gzip when that is all the client takes, and nothing when it refuses both', async () => {
    const gz = await raw(search(), { ...cookieOf(seller), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz).toString()).results.length).toBeGreaterThan(0);
    const refused = await raw(search(), { ...cookieOf(seller), 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString()).results.length).toBeGreaterThan(0);
  });

  it("compresses the BFF's own JSON and leaves answers under the threshold as they are", async () => {
    const session = await raw('/bff/session', { ...cookieOf(seller), 'accept-encoding': 'br' });
    expect(session.status).toBe(200);
    if (session.body.byteLength >= COMPRESSION_THRESHOLD_BYTES) {
      expect(session.headers['content-encoding']).toBe('br');
    }
    const health = await raw('/bff/health', { 'accept-encoding': 'br, gzip' });
    expect(health.body.byteLength).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });

  it('serves hashed assets precompressed and immutable, the page itself compressed and revalidated', async () => {
    const asset = await raw('/assets/app-C0ffee12.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(asset).toString()).toBe(script);
    const gz = await raw('/assets/app-C0ffee12.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz).toString()).toBe(script);
    const identity = await raw('/assets/app-C0ffee12.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body.toString()).toBe(script);
    const tiny = await raw('/assets/tiny-D00d1e34.js', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const page = await raw('/orders', { 'accept-encoding': 'br, gzip' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decoded(page).toString()).toMatch(/^<!doctype html>\n<html lang="(en|es|pt-BR)">/);
  });

  it('never compresses or holds back the event stream', async () => {
    const first = await new Promise<{ headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const request = get(
        `${http.url}/bff/events`,
        { headers: { ...cookieOf(seller), accept: 'text/event-stream', 'accept-encoding': 'br, gzip' } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve({ headers: res.headers, text: chunk.toString() });
            request.destroy();
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.text).toMatch(/^(:|retry:|id:|event:|data:)/m);
  });
});

describe('chooseEncoding', () => {
  it("follows the client's preferences, brotli first on a tie", () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
