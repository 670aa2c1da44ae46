import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import {
  configureOAuthClient,
  createMarketplaceApi,
  DEMO_APPLICATION_ID,
  ensureDemoData,
  openStore,
} from '@mostrador/marketplace-api';
import { Hono } from 'hono';

/** The client secret the journeys' main server runs with (playwright.config.ts), so a test can act as a client. */
export const E2E_CLIENT_SECRET = 'e2e-client-secret-0123456789abcdefghij';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface BffProcess {
  url: string;
  /** Everything the server wrote to stdout and stderr. */
  logs: string[];
  /** The server's SQLite database, for journeys that set up a state the app cannot reach quickly. */
  databaseFile: string;
  stop(): Promise<void>;
}

/**
 * Starts another BFF (`tsx apps/bff/src/server.ts`) with its own database and environment; the SPA must be built.
 * A free port is only free when it is looked at: another process may bind it while the BFF starts (on a busy machine
 * that takes seconds), and then the BFF says so and exits. It is started again on another port, a few times at most.
 */
export async function startBff(env: Record<string, string>, port?: number): Promise<BffProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startBffOn(env, port ?? (await freePort()));
    } catch (error) {
      const taken = error instanceof PortTaken;
      if (!taken || port !== undefined || attempt === 3) throw taken ? error.cause : error;
    }
  }
}

/** The BFF exited because its port was taken before it could bind it. */
class PortTaken extends Error {}

async function startBffOn(env: Record<string, string>, listenOn: number): Promise<BffProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/bff/src/server.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      DATABASE_FILE: join(dir, 'mostrador.db'),
      DEMO_ORDERS: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stdout?.on('data', (chunk) => logs.push(String(chunk)));
  child.stderr?.on('data', (chunk) => logs.push(String(chunk)));
  const url = `http://127.0.0.1:${listenOn}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      const early = new Error(`the BFF exited early:\n${logs.join('')}`);
      rmSync(dir, { recursive: true, force: true });
      if (/port \d+ on \S+ is already in use/.test(logs.join('')))
        throw new PortTaken(early.message, { cause: early });
      throw early;
    }
    try {
      if ((await fetch(`${url}/bff/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the BFF did not start:\n${logs.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    logs,
    databaseFile: join(dir, 'mostrador.db'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PlatformServer {
  url: string;
  /** Every access and refresh token the platform issued: canaries that must never reach a browser or a log. */
  issued: Set<string>;
  /** Token grants received, by grant type. */
  grants: string[];
  /** Makes tokens look this short-lived to the client (`expires_in`), so it has to refresh soon. */
  setExpiresIn(seconds: number | undefined): void;
  stop(): Promise<void>;
}

/**
 * The remote platform of `MARKETPLACE_BASE_URL`: a second, real HTTP server running the marketplace app in this
 * process, so the test sees every token it issues.
 */
export async function startPlatform(callbackOrigin: string): Promise<PlatformServer> {
  const store = await openStore({ file: ':memory:' });
  await ensureDemoData(store, { orders: 100, seed: 5 });
  await configureOAuthClient(store, {
    applicationId: DEMO_APPLICATION_ID,
    clientSecret: E2E_CLIENT_SECRET,
    redirectUris: [`${callbackOrigin}/bff/callback`],
  });
  const api = createMarketplaceApi({ store });
  const issued = new Set<string>();
  const grants: string[] = [];
  let expiresIn: number | undefined;
  const app = new Hono();
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    if (url.pathname === '/currencies' && url.searchParams.get('slow') === '1') {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    if (url.pathname === '/oauth/token') {
      grants.push(new URLSearchParams(await c.req.raw.clone().text()).get('grant_type') ?? '?');
    }
    const res = await api.fetch(c.req.raw);
    if (url.pathname !== '/oauth/token' || res.status !== 200) return res;
    const body = (await res.json()) as Record<string, unknown>;
    issued.add(String(body.access_token));
    issued.add(String(body.refresh_token));
    if (expiresIn !== undefined) body.expires_in = expiresIn;
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: await freePort() });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    issued,
    grants,
    setExpiresIn(seconds) {
      expiresIn = seconds;
    },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await store.close();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * An HTTP request from a chosen loopback source address (each limit test is its own client), optionally with a
 * body streamed in chunks without Content-Length.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    from?: string;
    body?: string | Buffer;
    /** Sends this many bytes in chunks with Transfer-Encoding: chunked. */
    streamBytes?: number;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer 413 and close before the whole body is written: the answer still settles this.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    // A connection that ends with no answer is the request's outcome, never a wait until the test's limit.
    req.on('close', () => {
      if (!answered)
        reject(new Error(`${options.method ?? 'GET'} ${url}: the connection closed with no answer`));
    });
    if (options.streamBytes !== undefined) {
      let left = options.streamBytes;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (left > 0) {
          const piece = chunk.subarray(0, Math.min(chunk.length, left));
          left -= piece.length;
          if (!req.write(piece)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    } else {
      req.end(options.body);
    }
  });
}

/** A PKCE pair, as a client makes one. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
