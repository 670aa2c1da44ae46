import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from './live-updates/sse-test-client.ts';
import { type ServerProcess, signInSession, startServerProcess } from './server-process.ts';

/** A connection of its own to the server, written by hand: what came back, and when the server closed it. */
async function rawConnection(origin: string) {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    received += chunk;
  });
  // A reset is how a cut-off connection may end.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    write: (text: string) => new Promise<void>((resolve) => socket.write(text, () => resolve())),
    received: () => received,
    closed,
    /** Waits until the answer so far matches. */
    async answered(pattern: RegExp): Promise<void> {
      while (!pattern.test(received)) {
        if (socket.closed) throw new Error(`closed before answering: ${JSON.stringify(received)}`);
        await new Promise((resolve) => socket.once('data', resolve).once('close', resolve));
      }
    },
    destroy: () => socket.destroy(),
  };
}

type Raw = Awaited<ReturnType<typeof rawConnection>>;

describe('the server on SIGTERM', () => {
  let dir: string;
  let file: string;
  const servers: ServerProcess[] = [];
  const sockets: Raw[] = [];
  const streams: SseClient[] = [];

  const start = (env: Record<string, string> = {}) => {
    const server = startServerProcess({ PORT: '0', DATABASE_FILE: file, DEMO_ORDERS: '40', ...env });
    servers.push(server);
    return server;
  };
  const raw = async (origin: string) => {
    const socket = await rawConnection(origin);
    sockets.push(socket);
    return socket;
  };
  /** A whole request on a connection of its own, left open (keep-alive) once answered. */
  const idleConnection = async (origin: string) => {
    const idle = await raw(origin);
    await idle.write(`GET /bff/health HTTP/1.1\r\nHost: ${new URL(origin).host}\r\n\r\n`);
    await idle.answered(/^HTTP\/1\.1 200[\s\S]*\r\n\r\n\{"status":"ok"\}/);
    return idle;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bff-shutdown-'));
    file = join(dir, 'mostrador.db');
    // The first start seeds; the tests start on a seeded store.
    const first = start();
    await first.listening;
    await first.stop();
  }, 120_000);

  afterEach(async () => {
    for (const stream of streams.splice(0)) await stream.close();
    for (const socket of sockets.splice(0)) socket.destroy();
    await Promise.all(servers.map((s) => s.stop()));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cuts off a half-sent request and open event streams after a short grace, closes the store and exits 0', async () => {
    const server = start();
    const origin = await server.listening;
    const { cookie } = await signInSession(origin);
    const stream = await SseClient.open(`${origin}/bff/events`, { cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.until((c) => c.fields.length > 0, 10_000, 'the stream to start');
    // A request line and one header, and never the blank line that ends them.
    const half = await raw(origin);
    await half.write(`GET /bff/health HTTP/1.1\r\nHost: ${new URL(origin).host}\r\n`);
    // Answered after the half request was written: the server has read that much of it by then.
    const idle = await idleConnection(origin);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await Promise.all([half.closed, idle.closed]);
    await stream.until((c) => c.ended, 10_000, 'the stream to end');
    expect(server.output()).toMatch(/SIGTERM received, shutting down/);
    // The store was closed: SQLite folds its log back into the file when the last connection closes.
    expect(existsSync(`${file}-wal`)).toBe(false);
    // And the file is free for the next start.
    const next = start();
    await next.listening;
  }, 120_000);

  it('lets a request in flight finish within the grace while refusing new connections, then exits 0', async () => {
    const server = start({ SHUTDOWN_GRACE_MS: '60000' });
    const origin = await server.listening;
    const body = JSON.stringify({ access_token: 'APP_USR-not-a-token-of-anyone' });
    const inFlight = await raw(origin);
    // Its headers whole, its body in part: the route is reading it.
    await inFlight.write(
      `POST /bff/session HTTP/1.1\r\nHost: ${new URL(origin).host}\r\nOrigin: ${origin}\r\n` +
        `X-Requested-With: fetch\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 10),
    );
    await idleConnection(origin);

    server.child.kill('SIGTERM');
    while (!/SIGTERM received/.test(server.output())) {
      await new Promise((resolve) => server.child.stderr?.once('data', resolve));
    }
    await expect(fetch(`${origin}/bff/health`)).rejects.toThrow();
    await inFlight.write(body.slice(10));
    await inFlight.closed;
    // The platform refused the token: a whole answer, with the error body.
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 401 [\s\S]*"error":"invalid_token"/);
    expect(await server.exited).toBe(0);
  }, 120_000);
});
