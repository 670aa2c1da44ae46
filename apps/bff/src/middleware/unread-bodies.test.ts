import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../test-support.ts';
import { answerExpectContinue } from './expect-continue.ts';

const MIB = 1024 * 1024;

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `requests` one after another on one TCP connection, each written whole before the next (as a keep-alive
 * client does once it has sent a body), and reads what comes back until every request is answered or the server
 * closes the connection. `readAfterWriting`: reads nothing until every request is written, as a client busy sending
 * does; a server that closes the connection while a body still arrives resets it, and the reset loses the answer.
 */
async function onOneConnection(
  port: number,
  requests: Buffer[],
  options: { readAfterWriting?: boolean } = {},
): Promise<{ responses: RawResponse[]; closed: boolean }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  if (options.readAfterWriting) socket.pause();
  let received = Buffer.alloc(0);
  let closed = false;
  const responses: RawResponse[] = [];
  const parse = () => {
    for (;;) {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(head[0]!.split(' ')[1]);
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (headers['transfer-encoding']) throw new Error('chunked answers are not expected here');
      if (received.length < end + 4 + length) return;
      responses.push({
        status,
        headers,
        body: received.subarray(end + 4, end + 4 + length).toString('utf8'),
      });
      received = received.subarray(end + 4 + length);
    }
  };
  const done = new Promise<void>((resolve) => {
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      parse();
      if (responses.length === requests.length) resolve();
    });
    socket.on('close', () => {
      closed = true;
      resolve();
    });
    socket.on('error', () => {});
  });
  for (const request of requests) {
    if (closed) break;
    await new Promise<void>((resolve) => {
      if (socket.write(request)) resolve();
      else {
        socket.once('drain', resolve);
        socket.once('close', resolve);
      }
    });
  }
  socket.resume();
  await done;
  socket.destroy();
  return { responses, closed };
}

function request(method: string, path: string, headers: Record<string, string>, body?: Buffer): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1:4000', 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body ?? Buffer.alloc(0)]);
}

const health = request('GET', '/bff/health', {});

describe('a request whose body is answered without being read', () => {
  let kit: Kit;
  let server: ReturnType<typeof serve>;
  let port: number;

  beforeAll(async () => {
    kit = await createKit();
    await new Promise<void>((resolve) => {
      server = serve(
        { fetch: (req, env) => kit.bff.app.fetch(req, env), hostname: '127.0.0.1', port: 0 },
        (info) => {
          port = info.port;
          resolve();
        },
      );
    });
    answerExpectContinue(server, 1024 * 1024);
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('refused at 1 MiB + 1 by its length (413): the next request on the same connection is answered', async () => {
    const big = Buffer.alloc(MIB + 1, 0x20);
    const { responses } = await onOneConnection(port, [
      request(
        'POST',
        '/api/users/1/order_blacklist',
        { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        big,
      ),
      health,
    ]);
    expect(responses.map((r) => r.status)).toEqual([413, 200]);
    expect(JSON.parse(responses[0]!.body)).toMatchObject({ error: 'payload_too_large', status: 413 });
    expect(JSON.parse(responses[1]!.body)).toEqual({ status: 'ok' });
  });

  it('refused by the CSRF check (403): the next request on the same connection is answered', async () => {
    const { responses } = await onOneConnection(port, [
      request('POST', '/bff/logout', { 'content-type': 'application/json' }, Buffer.alloc(MIB, 0x20)),
      health,
    ]);
    expect(responses.map((r) => r.status)).toEqual([403, 200]);
  });

  it('answered 204 by a logout that never reads it: the next request on the same connection is answered', async () => {
    const { responses } = await onOneConnection(port, [
      request(
        'POST',
        '/bff/logout',
        { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        Buffer.alloc(MIB, 0x20),
      ),
      health,
    ]);
    expect(responses.map((r) => r.status)).toEqual([204, 200]);
  });

  it('declared past the limit, or streamed past it, with the body still coming: the client reads the 413', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const declared = [
      Buffer.from(
        'POST /bff/logout HTTP/1.1\r\nHost: 127.0.0.1:4000\r\nContent-Length: 9437184\r\nX-Requested-With: fetch\r\n\r\n',
      ),
      // More than the connection's buffers hold: a client that is reset while sending it never reads the answer.
      ...Array.from({ length: 144 }, () => chunk),
    ];
    const streamed = [
      Buffer.from(
        'POST /bff/logout HTTP/1.1\r\nHost: 127.0.0.1:4000\r\nTransfer-Encoding: chunked\r\nX-Requested-With: fetch\r\n\r\n',
      ),
      ...Array.from({ length: 32 }, () =>
        Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
      ),
      Buffer.from('0\r\n\r\n'),
    ];
    for (const pieces of [declared, streamed]) {
      const { responses } = await onOneConnection(port, [Buffer.concat(pieces)], { readAfterWriting: true });
      expect(responses.map((r) => r.status)).toEqual([413]);
      expect(responses[0]?.body).toContain('"error":"payload_too_large"');
    }
  });

  it('Expect: 100-continue past the limit gets the 413 without 100 Continue; within it, 100 Continue', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write(
      'POST /bff/logout HTTP/1.1\r\nHost: 127.0.0.1:4000\r\nExpect: 100-continue\r\nContent-Length: 2000000\r\nX-Requested-With: fetch\r\n\r\n',
    );
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).not.toContain('100 Continue');
    expect(received.toLowerCase()).toContain('connection: close');

    const welcome = connect(port, '127.0.0.1');
    let answer = '';
    const continued = new Promise<void>((resolve) =>
      welcome.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        if (answer.includes('\r\n\r\n')) resolve();
      }),
    );
    welcome.write(
      'POST /bff/logout HTTP/1.1\r\nHost: 127.0.0.1:4000\r\nExpect: 100-continue\r\nContent-Length: 2\r\nX-Requested-With: fetch\r\n\r\n',
    );
    await continued;
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
    welcome.destroy();
  });
});
