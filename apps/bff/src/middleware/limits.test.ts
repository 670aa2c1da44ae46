import { errorBodySchema } from '@mostrador/contracts';
import { describe, expect, it } from 'vitest';
import { Browser, connection, createKit, type Kit } from '../test-support.ts';
import { limitKey } from './client-address.ts';
import { FixedWindowLimiter, InvalidRequestBlocker } from './rate-limiter.ts';

const MINUTE = 60_000;

async function expectTooMany(res: Response, maxSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = res.headers.get('retry-after') ?? '';
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
  expect(errorBodySchema.parse(await res.json()).error).toBe('too_many_requests');
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  return Number(retryAfter);
}

const get = (kit: Kit, path: string, address: string, headers: Record<string, string> = {}) =>
  kit.bff.app.request(`http://127.0.0.1:4000${path}`, { headers }, connection(address));

describe('RATE_LIMIT_PER_MINUTE', () => {
  it('answers 429 with an integer Retry-After past the limit, per connection address, whatever the headers', async () => {
    const kit = await createKit({ limits: { ratePerMinute: 3 } });
    for (let i = 0; i < 3; i++) expect((await get(kit, '/bff/health', '10.0.0.1')).status).toBe(200);
    await expectTooMany(await get(kit, '/bff/health', '10.0.0.1'), 60);
    // /api and /bff alike.
    await expectTooMany(await get(kit, '/api/currencies', '10.0.0.1'), 60);
    // A forged forwarding header is not another client.
    await expectTooMany(
      await get(kit, '/bff/health', '10.0.0.1', { 'x-forwarded-for': '1.2.3.4', 'x-real-ip': '1.2.3.4' }),
      60,
    );
    expect((await get(kit, '/bff/health', '10.0.0.2')).status).toBe(200);
    kit.advance(30_000);
    const retry = await expectTooMany(await get(kit, '/bff/health', '10.0.0.1'), 30);
    expect(retry).toBe(30);
    kit.advance(30_000);
    expect((await get(kit, '/bff/health', '10.0.0.1')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped one as IPv4', async () => {
    const kit = await createKit({ limits: { ratePerMinute: 2 } });
    expect((await get(kit, '/bff/health', '2001:db8:1:2::1')).status).toBe(200);
    expect((await get(kit, '/bff/health', '2001:db8:1:2:ffff::9')).status).toBe(200);
    await expectTooMany(await get(kit, '/bff/health', '2001:db8:1:2:abcd:0:0:7'), 60);
    expect((await get(kit, '/bff/health', '2001:db8:1:3::1')).status).toBe(200);
    expect((await get(kit, '/bff/health', '::ffff:10.1.1.1')).status).toBe(200);
    expect((await get(kit, '/bff/health', '10.1.1.1')).status).toBe(200);
    await expectTooMany(await get(kit, '/bff/health', '::ffff:10.1.1.1'), 60);
  });
});

describe('SIGNIN_LIMIT_PER_15_MINUTES', () => {
  it('limits sign-in attempts (login and token sign-in) and nothing else', async () => {
    const kit = await createKit({ limits: { signInPer15Minutes: 2 } });
    const address = '10.0.1.1';
    expect((await get(kit, '/bff/login', address)).status).toBe(302);
    const tokenSignIn = await kit.bff.app.request(
      'http://127.0.0.1:4000/bff/session',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        body: JSON.stringify({ access_token: 'APP_USR-wrong' }),
      },
      connection(address),
    );
    expect(tokenSignIn.status).toBe(401);
    const retry = await expectTooMany(await get(kit, '/bff/login', address), 15 * 60);
    expect(retry).toBeGreaterThan(14 * 60);
    expect((await get(kit, '/bff/session', address)).status).toBe(200);
    expect((await get(kit, '/bff/login', '10.0.1.2')).status).toBe(302);
    kit.advance(15 * MINUTE);
    expect((await get(kit, '/bff/login', address)).status).toBe(302);
  });
});

describe('INVALID_REQUESTS_BEFORE_BLOCK', () => {
  it('blocks an address for 15 minutes after that many invalid requests', async () => {
    const kit = await createKit({ limits: { invalidBeforeBlock: 3 } });
    const address = '10.0.2.1';
    const invalid = () =>
      kit.bff.app.request('http://127.0.0.1:4000/bff/logout', { method: 'POST' }, connection(address));
    for (let i = 0; i < 3; i++) expect((await invalid()).status).toBe(403);
    const retry = await expectTooMany(await get(kit, '/bff/health', address), 15 * 60);
    expect(retry).toBe(15 * 60);
    // Not-found pages are not invalid requests; other addresses are unaffected.
    for (let i = 0; i < 5; i++) expect((await get(kit, '/bff/nothing', '10.0.2.2')).status).toBe(404);
    expect((await get(kit, '/bff/health', '10.0.2.2')).status).toBe(200);
    kit.advance(15 * MINUTE);
    expect((await get(kit, '/bff/health', address)).status).toBe(200);
  });

  it('is off at 0', async () => {
    const kit = await createKit({ limits: { invalidBeforeBlock: 0 } });
    for (let i = 0; i < 20; i++) {
      const res = await kit.bff.app.request(
        'http://127.0.0.1:4000/bff/logout',
        { method: 'POST' },
        connection('10.0.3.1'),
      );
      expect(res.status).toBe(403);
    }
  });
});

describe('body size', () => {
  const LIMIT = 1024 * 1024;

  function streamed(bytes: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
    let sent = 0;
    return new ReadableStream({
      pull(controller) {
        if (sent >= bytes) return controller.close();
        const size = Math.min(chunk, bytes - sent);
        sent += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
    });
  }

  async function post(
    kit: Kit,
    body: NonNullable<RequestInit['body']>,
    headers: Record<string, string> = {},
  ) {
    return kit.bff.app.request(
      'http://127.0.0.1:4000/api/users/1/order_blacklist',
      {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', ...headers },
        duplex: 'half',
      } as RequestInit,
      connection('10.0.4.1'),
    );
  }

  it('refuses more than 1 MB with 413 before any handler runs, by Content-Length', async () => {
    const kit = await createKit();
    const calls = kit.upstream.length;
    const res = await post(kit, 'x'.repeat(LIMIT + 1));
    expect(res.status).toBe(413);
    expect(errorBodySchema.parse(await res.json()).error).toBe('payload_too_large');
    expect(kit.upstream.length).toBe(calls);
  });

  it('refuses more than 1 MB streamed without Content-Length, before any handler runs', async () => {
    const kit = await createKit();
    const calls = kit.upstream.length;
    const res = await post(kit, streamed(LIMIT + 10));
    expect(res.status).toBe(413);
    expect(errorBodySchema.parse(await res.json()).error).toBe('payload_too_large');
    expect(kit.upstream.length).toBe(calls);
  });

  it('lets a streamed body within the limit reach the marketplace intact', async () => {
    let received = -1;
    const kit = await createKit({
      marketplace: (embedded) => ({
        async fetch(request) {
          if (request.method === 'POST') received = (await request.clone().arrayBuffer()).byteLength;
          return embedded.fetch(request);
        },
      }),
    });
    const res = await post(kit, streamed(LIMIT - 10));
    expect(res.status).not.toBe(413);
    expect(received).toBe(LIMIT - 10);
  });

  it('honours BODY_LIMIT_BYTES', async () => {
    const kit = await createKit({ limits: { bodyBytes: 100 } });
    expect((await post(kit, 'x'.repeat(101))).status).toBe(413);
    expect((await post(kit, streamed(101, 7))).status).toBe(413);
  });
});

describe('request timeout', () => {
  it('answers 504 when the marketplace takes longer than the limit', async () => {
    const kit = await createKit({
      limits: { timeoutMs: 50 },
      marketplace: (embedded) => ({
        async fetch(request) {
          if (new URL(request.url).pathname === '/api/currencies') {
            await new Promise((resolve) => setTimeout(resolve, 1_000));
          }
          return embedded.fetch(request);
        },
      }),
    });
    const started = performance.now();
    const res = await get(kit, '/api/currencies', '10.0.5.1');
    expect(res.status).toBe(504);
    expect(errorBodySchema.parse(await res.json()).error).toBe('gateway_timeout');
    expect(performance.now() - started).toBeLessThan(900);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('defaults to 30 seconds', async () => {
    const { DEFAULT_LIMITS } = await import('./limits.ts');
    expect(DEFAULT_LIMITS).toEqual({
      ratePerMinute: 200,
      signInPer15Minutes: 5,
      invalidBeforeBlock: 10,
      bodyBytes: 1_048_576,
      timeoutMs: 30_000,
    });
  });
});

describe('limiter pieces', () => {
  it('FixedWindowLimiter counts per key and window and stays bounded', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(2, 1000, () => now, 3);
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 1000;
    expect(limiter.hit('a')).toEqual({ allowed: true });
    for (const key of ['b', 'c', 'd', 'e']) limiter.hit(key);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(3);
  });

  it('InvalidRequestBlocker blocks at the threshold', () => {
    let now = 0;
    const blocker = new InvalidRequestBlocker(2, 900_000, () => now);
    blocker.recordInvalid('a');
    expect(blocker.blockedFor('a')).toBe(0);
    blocker.recordInvalid('a');
    expect(blocker.blockedFor('a')).toBe(900);
    now = 899_001;
    expect(blocker.blockedFor('a')).toBe(1);
    now = 900_000;
    expect(blocker.blockedFor('a')).toBe(0);
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0001:0002:0003:0004:0005:0006', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('limitKey(%s) = %s', (address, key) => {
    expect(limitKey(address)).toBe(key);
  });
});

describe('ordinary use never trips the per-address limits', () => {
  const post = (kit: Kit, path: string, address: string, init: RequestInit = {}) =>
    kit.bff.app.request(`http://127.0.0.1:4000${path}`, { method: 'POST', ...init }, connection(address));

  it('a signed-in user is counted per session: their refusals block nobody, and an address block does not stop them', async () => {
    const kit = await createKit({
      limits: { invalidBeforeBlock: 3, ratePerMinute: 40, signInPer15Minutes: 100 },
    });
    const office = '10.0.5.1';
    const seller = new Browser(kit, office);
    expect((await seller.signIn('TIENDA_PALERMO')).status).toBe(303);
    // A reversed custom date range, a write without the CSRF header: both refused.
    const reversed = `/api/orders/search?seller=${kit.user('TIENDA_PALERMO').id}&order.date_created.from=2026-02-01T00:00:00.000-03:00&order.date_created.to=2026-01-01T00:00:00.000-03:00`;
    for (let i = 0; i < 5; i++) {
      expect((await seller.request(reversed)).status).toBe(400);
      expect((await seller.request('/bff/logout', { method: 'POST' })).status).toBe(403);
    }
    expect((await get(kit, '/bff/health', office)).status).toBe(200);
    // Someone else behind the same address gets it blocked; the signed-in seller goes on.
    for (let i = 0; i < 3; i++) expect((await post(kit, '/bff/logout', office)).status).toBe(403);
    await expectTooMany(await get(kit, '/bff/health', office), 15 * 60);
    expect((await seller.request('/bff/session')).status).toBe(200);
    // The per-minute budget is the session's own: the seller spends theirs, the address still has its own.
    const colleague = new Browser(kit, office);
    let spent = 0;
    while ((await seller.request('/bff/session')).status === 200) spent++;
    expect(spent).toBeLessThan(40);
    await expectTooMany(await seller.request('/bff/session'), 60);
    kit.advance(15 * MINUTE);
    expect((await colleague.request('/bff/session')).status).toBe(200);
  });

  it('a support operator opening Notifications (403 on /api/myfeeds) blocks nobody behind its address', async () => {
    const kit = await createKit({ limits: { invalidBeforeBlock: 3 } });
    const office = '10.0.5.9';
    const operator = new Browser(kit, office);
    expect((await operator.signIn('SOPORTE_PALERMO')).status).toBe(303);
    for (let i = 0; i < 6; i++) {
      const feeds = await operator.request('/api/myfeeds?app_id=5503910054141466&offset=0&limit=20');
      expect(feeds.status).toBe(403);
    }
    expect((await get(kit, '/bff/health', office)).status).toBe(200);
    expect((await operator.request('/bff/session')).status).toBe(200);
  });

  it('an office behind one address: each signed-in person spends a budget of their own', async () => {
    const kit = await createKit({ limits: { ratePerMinute: 40, invalidBeforeBlock: 3 } });
    const office = '10.0.5.20';
    const people = [new Browser(kit, office), new Browser(kit, office), new Browser(kit, office)];
    for (const [i, person] of people.entries())
      expect((await person.signIn(['TIENDA_PALERMO', 'SOPORTE_PALERMO', 'LOJA_PINHEIROS'][i]!)).status).toBe(
        303,
      );
    // Together well past the address's 40 a minute; each within their own.
    for (let round = 0; round < 30; round++)
      for (const person of people) expect((await person.request('/bff/session')).status).toBe(200);
    // One of them spends their whole budget: the others go on.
    while ((await people[0]!.request('/bff/session')).status === 200);
    expect((await people[1]!.request('/bff/session')).status).toBe(200);
    expect((await people[2]!.request('/bff/session')).status).toBe(200);
  });

  it('in local use, the person at this machine is never blocked and may sign in as often as they like', async () => {
    const kit = await createKit({
      limits: { invalidBeforeBlock: 3, signInPer15Minutes: 2 },
      bff: { localUse: true },
    });
    for (const here of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (let i = 0; i < 10; i++) expect((await post(kit, '/bff/logout', here)).status).toBe(403);
      expect((await get(kit, '/bff/session', here)).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await get(kit, '/bff/login', here)).status).toBe(302);
      expect((await new Browser(kit, here).signIn('TIENDA_PALERMO')).status).toBe(303);
    }
    // Anyone else reaching a local instance (HOST set to a LAN address) is limited as before.
    const neighbour = '192.168.1.20';
    for (let i = 0; i < 3; i++) expect((await post(kit, '/bff/logout', neighbour)).status).toBe(403);
    await expectTooMany(await get(kit, '/bff/session', neighbour), 15 * 60);
  });

  it('without local use, a loopback address is limited like any other (a proxy in front, or a test)', async () => {
    const kit = await createKit({ limits: { invalidBeforeBlock: 3 } });
    for (let i = 0; i < 3; i++) expect((await post(kit, '/bff/logout', '127.0.0.1')).status).toBe(403);
    await expectTooMany(await get(kit, '/bff/session', '127.0.0.1'), 15 * 60);
  });

  it('a 401 to a request without a token of its own (a session that ended) is not an invalid request; a wrong token is', async () => {
    const kit = await createKit({ limits: { invalidBeforeBlock: 3 } });
    const tab = '10.0.6.1';
    for (let i = 0; i < 10; i++) {
      const stream = await get(kit, '/bff/events', tab, { cookie: '__Host-mostrador_session=ended' });
      expect(stream.status).toBe(401);
    }
    expect((await get(kit, '/bff/health', tab)).status).toBe(200);
    const guesser = '10.0.6.2';
    for (let i = 0; i < 3; i++) {
      const res = await get(kit, '/api/users/me', guesser, { authorization: 'Bearer APP_USR-guess' });
      expect(res.status).toBe(401);
    }
    await expectTooMany(await get(kit, '/bff/health', guesser), 15 * 60);
  });

  it('reading the SPA’s files and pages counts against no limit', async () => {
    const kit = await createKit({ limits: { ratePerMinute: 2, invalidBeforeBlock: 2 } });
    const address = '10.0.7.1';
    for (let i = 0; i < 10; i++) {
      expect((await get(kit, '/orders', address)).status).not.toBe(429);
      expect((await get(kit, '/assets/index.js', address)).status).not.toBe(429);
    }
    expect((await get(kit, '/bff/health', address)).status).toBe(200);
  });

  it('the notification receiver is never blocked, and its own refusals do not count against the sender', async () => {
    const kit = await createKit({
      limits: { invalidBeforeBlock: 2 },
      bff: { liveUpdates: { sourceCheck: 'loopback' } },
    });
    const platform = '127.0.0.9';
    for (let i = 0; i < 5; i++) {
      const refused = await post(kit, '/bff/notifications', platform, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ topic: 'unknown', resource: '/x', user_id: 1, application_id: 1 }),
      });
      expect(refused.status).toBe(400);
    }
    expect((await get(kit, '/bff/health', platform)).status).toBe(200);
  });

  it('a browser that navigates into a limit gets a page that explains', async () => {
    const kit = await createKit({ limits: { signInPer15Minutes: 1 } });
    const address = '10.0.8.1';
    expect((await get(kit, '/bff/login', address)).status).toBe(302);
    const page = await get(kit, '/bff/login', address, { accept: 'text/html', 'sec-fetch-mode': 'navigate' });
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await page.text()).toMatch(/Too many sign-in attempts\. Try again in 15 minutes\./);
    // The dashboard's own pages are never limited; an address blocked for invalid requests, or past its rate, is told
    // so in a page too, not in raw JSON.
    const html = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };
    const blocked = await createKit({ limits: { invalidBeforeBlock: 2, ratePerMinute: 5 } });
    for (let i = 0; i < 2; i++) expect((await post(blocked, '/bff/logout', address)).status).toBe(403);
    expect((await get(blocked, '/orders', address, html)).status).not.toBe(429);
    const refused = await get(blocked, '/bff/login', address, html);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await refused.text()).toMatch(
      /Too many invalid requests from this address\. Try again in 15 minutes\./,
    );
    const busy = '10.0.8.2';
    for (let i = 0; i < 5; i++) await get(blocked, '/bff/session', busy);
    const slowDown = await get(blocked, '/bff/session', busy, html);
    expect(slowDown.status).toBe(429);
    expect(await slowDown.text()).toMatch(/Too many requests from this address\. Try again in 1 minute\./);
  });

  it('explains in the browser’s language, and the API’s body keeps the platform’s English', async () => {
    const kit = await createKit({ limits: { invalidBeforeBlock: 2 } });
    const address = '10.0.8.9';
    for (let i = 0; i < 2; i++) expect((await post(kit, '/bff/logout', address)).status).toBe(403);
    const navigate = { accept: 'text/html', 'sec-fetch-mode': 'navigate' };
    const spanish = await get(kit, '/bff/login', address, {
      ...navigate,
      'accept-language': 'es-AR,es;q=0.9',
    });
    expect(spanish.status).toBe(429);
    const text = await spanish.text();
    expect(text).toContain('<html lang="es">');
    expect(text).toContain(
      'Demasiadas solicitudes no válidas desde esta dirección. Vuelve a intentarlo en 15 minutos.',
    );
    expect(text).toContain('Volver a Mostrador');
    const portuguese = await get(kit, '/bff/login', address, { ...navigate, 'accept-language': 'pt-BR' });
    expect(await portuguese.text()).toContain('Tente novamente em 15 minutos.');
    const api = await get(kit, '/bff/session', address, { 'accept-language': 'es' });
    expect(await api.json()).toMatchObject({
      error: 'too_many_requests',
      message: 'too many invalid requests from this address',
    });
  });
});
