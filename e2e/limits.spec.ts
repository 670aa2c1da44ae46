import { expect, test } from './fixtures.ts';
import {
  type BffProcess,
  E2E_CLIENT_SECRET,
  freePort,
  type PlatformServer,
  type RawResponse,
  rawRequest,
  startBff,
  startPlatform,
} from './support/servers.ts';

// One server with small limits, each set through its environment variable. Every test is its own client: it
// connects from its own loopback address (127.0.0.x), since the limits count the connection's address.
test.describe.configure({ mode: 'serial' });

let platform: PlatformServer;
let bff: BffProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  platform = await startPlatform(`http://127.0.0.1:${port}`);
  bff = await startBff(
    {
      MARKETPLACE_BASE_URL: platform.url,
      MARKETPLACE_CLIENT_SECRET: E2E_CLIENT_SECRET,
      RATE_LIMIT_PER_MINUTE: '20',
      SIGNIN_LIMIT_PER_15_MINUTES: '3',
      INVALID_REQUESTS_BEFORE_BLOCK: '4',
      REQUEST_TIMEOUT_MS: '1500',
    },
    port,
  );
});

test.afterAll(async () => {
  await bff?.stop();
  await platform?.stop();
});

function expectTooMany(res: RawResponse, maxSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = String(res.headers['retry-after']);
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
  expect(JSON.parse(res.body)).toMatchObject({ error: 'too_many_requests', status: 429 });
  return Number(retryAfter);
}

test('RATE_LIMIT_PER_MINUTE: 429 with Retry-After past the limit, keyed on the connection, not on headers', async () => {
  const from = '127.0.0.2';
  for (let i = 0; i < 20; i++) expect((await rawRequest(`${bff.url}/bff/health`, { from })).status).toBe(200);
  expectTooMany(await rawRequest(`${bff.url}/bff/health`, { from }), 60);
  expectTooMany(
    await rawRequest(`${bff.url}/api/currencies`, {
      from,
      headers: {
        'X-Forwarded-For': '203.0.113.50',
        'X-Real-IP': '203.0.113.50',
        Forwarded: 'for=203.0.113.50',
      },
    }),
    60,
  );
  expect((await rawRequest(`${bff.url}/bff/health`, { from: '127.0.0.3' })).status).toBe(200);
});

test('SIGNIN_LIMIT_PER_15_MINUTES: the fourth sign-in in a browser gets 429', async ({
  page,
  pageErrors,
}) => {
  for (let i = 0; i < 3; i++) {
    await page.goto(`${bff.url}/bff/login`);
    await expect(page).toHaveTitle('Sign in · Marketplace');
  }
  const refused = await page.goto(`${bff.url}/bff/login`);
  expect(refused?.status()).toBe(429);
  const retryAfter = Number(refused?.headers()['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  // Other requests of the same client go on.
  expect((await page.goto(`${bff.url}/bff/session`))?.status()).toBe(200);
  pageErrors.length = 0;
});

test('INVALID_REQUESTS_BEFORE_BLOCK: four invalid requests block the address for 15 minutes', async () => {
  const from = '127.0.0.4';
  for (let i = 0; i < 4; i++) {
    expect((await rawRequest(`${bff.url}/bff/logout`, { method: 'POST', from })).status).toBe(403);
  }
  const retryAfter = expectTooMany(await rawRequest(`${bff.url}/bff/health`, { from }), 15 * 60);
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect((await rawRequest(`${bff.url}/bff/health`, { from: '127.0.0.5' })).status).toBe(200);
});

test('bodies over 1 MB: 413 with Content-Length, and streamed without it', async () => {
  const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' };
  const url = `${bff.url}/api/users/1/order_blacklist`;
  const declared = await rawRequest(url, {
    method: 'POST',
    from: '127.0.0.6',
    headers,
    body: Buffer.alloc(1024 * 1024 + 1, 0x20),
  });
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.body)).toMatchObject({ error: 'payload_too_large', status: 413 });

  const streamed = await rawRequest(url, {
    method: 'POST',
    from: '127.0.0.7',
    headers: { ...headers, 'Transfer-Encoding': 'chunked' },
    streamBytes: 3 * 1024 * 1024,
  });
  expect(streamed.status).toBe(413);
  expect(JSON.parse(streamed.body)).toMatchObject({ error: 'payload_too_large', status: 413 });

  // Under the limit, streamed, it reaches the marketplace (which answers for itself: no session, 401).
  const small = await rawRequest(url, {
    method: 'POST',
    from: '127.0.0.8',
    headers: { ...headers, 'Transfer-Encoding': 'chunked' },
    streamBytes: 512 * 1024,
  });
  expect(small.status).toBe(401);
});

test('REQUEST_TIMEOUT_MS: a request that takes too long gets 504', async () => {
  const started = Date.now();
  const res = await rawRequest(`${bff.url}/api/currencies?slow=1`, { from: '127.0.0.9' });
  expect(res.status).toBe(504);
  expect(JSON.parse(res.body)).toMatchObject({ error: 'gateway_timeout', status: 504 });
  expect(Date.now() - started).toBeLessThan(4_000);
});
