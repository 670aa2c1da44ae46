import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The bare twin of the benchmark (`npm run bench`): a Hono app in a process of its own that answers each URL the
 * server was measured on with the very bytes the server answered, and does nothing else: the most this machine can
 * serve those answers at. Input: argv[2], a JSON file `{ "<new|legacy> <path and query>": "<body, base64>" }`, the
 * form being the one `x-format-new: true` asks for or the legacy one; prints its port.
 */
const answers = new Map<string, Uint8Array<ArrayBuffer>>(
  Object.entries(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>).map(
    ([path, body]) => [path, new Uint8Array(Buffer.from(body, 'base64'))],
  ),
);
const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

const app = new Hono();
app.get('*', (c) => {
  const url = c.req.url;
  const form = c.req.raw.headers.get('x-format-new') === 'true' ? 'new ' : 'legacy ';
  const body = answers.get(form + url.slice(url.indexOf('/', url.indexOf('//') + 2)));
  return body ? c.body(body, 200, JSON_TYPE) : c.body(null, 404);
});

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
server.once('listening', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
