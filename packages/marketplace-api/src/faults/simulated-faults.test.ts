import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { errorBodySchema, optionsDescriptionSchema } from '@mostrador/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../app.ts';
import {
  expectError,
  openSecondStore,
  SEED_NOW,
  seededApi,
  type TestApi,
  tokenIssuer,
  unwrapJsonp,
} from '../test-support.ts';
import { createFaultRuleRepository } from './fault-rule-repository.ts';
import { checkRule, type RuleInput } from './fault-rules.ts';

/**
 * Faults on purpose (decision 0293) over real HTTP: the API on a port of its own, as `npm start` serves it in local
 * use, asked by header and by rules that another process (another store on the same database) sets.
 */

let api: TestApi;
let origin: string;
let remoteOrigin: string;
let closeAll: () => Promise<void>;
let token: string;
let rules: ReturnType<typeof createFaultRuleRepository>;

async function listen(app: { fetch: (request: Request, env: unknown) => Response | Promise<Response> }) {
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((resolve) => {
      if ('closeAllConnections' in server) server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}`, close };
}

beforeAll(async () => {
  api = await seededApi({ localUse: true, clock: () => new Date(SEED_NOW + 60_000) });
  const local = await listen(api.app);
  // The same marketplace served otherwise than in local use: the header means nothing there.
  const remote = await listen(
    createMarketplaceApi({ store: api.store, clock: () => new Date(SEED_NOW + 60_000) }),
  );
  origin = local.url;
  remoteOrigin = remote.url;
  closeAll = async () => {
    await local.close();
    await remote.close();
  };
  token = await tokenIssuer(api.store, () => SEED_NOW + 60_000)(api.sellers[0]!.id);
  rules = createFaultRuleRepository((await openSecondStore(api.store)).db);
});

afterAll(async () => {
  await closeAll();
});

beforeEach(async () => {
  await rules.clear();
});

const me = (headers: Record<string, string> = {}, base = origin) =>
  fetch(`${base}/users/me`, { headers: { authorization: `Bearer ${token}`, ...headers } });

function rule(input: RuleInput) {
  const checked = checkRule(input);
  if (!checked.ok) throw new Error(checked.problems.join('; '));
  return rules.add(checked.fault, Date.now());
}

describe('X-Simulate-Fault', () => {
  it('answers 500 and 503 with the spec’s error body, naming the fault in its cause', async () => {
    for (const [status, code] of [
      [500, 'internal_error'],
      [503, 'service_unavailable'],
    ] as const) {
      const res = await me({ 'x-simulate-fault': `status=${status}` });
      const body = await expectError(res, status, code);
      expect(body.cause).toEqual([
        { code: 'simulated_fault', message: `asked for with x-simulate-fault: status=${status}` },
      ]);
      expect(res.headers.get('retry-after')).toBeNull();
    }
    const later = await me({ 'X-Simulate-Fault': 'status=503; retry-after=120' });
    await expectError(later, 503, 'service_unavailable');
    expect(later.headers.get('retry-after')).toBe('120');
  });

  it('answers 429 with Retry-After, 1 s unless told', async () => {
    const res = await me({ 'x-simulate-fault': 'status=429' });
    await expectError(res, 429, 'too_many_requests');
    expect(res.headers.get('retry-after')).toBe('1');
    const told = await me({ 'x-simulate-fault': 'status=429;retry-after=30' });
    expect(told.status).toBe(429);
    expect(told.headers.get('retry-after')).toBe('30');
  });

  it('answers late with a delay, the answer itself or the fault', async () => {
    let started = performance.now();
    const res = await me({ 'x-simulate-fault': 'delay=400' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: number }).id).toBe(api.sellers[0]!.id);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    started = performance.now();
    const fault = await me({ 'x-simulate-fault': 'status=503; delay=300' });
    expect(fault.status).toBe(503);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('drops the connection without an answer', async () => {
    const error = await me({ 'x-simulate-fault': 'drop' }).then(
      () => null,
      (e: unknown) => e as Error & { cause?: { code?: string; message?: string } },
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(`${error?.cause?.code} ${error?.cause?.message}`).toMatch(/ECONNRESET|other side closed|socket/i);
    // The server goes on answering on new connections.
    expect((await me()).status).toBe(200);
  });

  it('is JSONP like any answer: 200 with the fault’s status, headers and body inside', async () => {
    const res = await fetch(`${origin}/currencies/ARS?callback=show`, {
      headers: { 'x-simulate-fault': 'status=429; retry-after=7' },
    });
    expect(res.status).toBe(200);
    const [status, headers, body] = unwrapJsonp(await res.text(), 'show');
    expect(status).toBe(429);
    expect(JSON.stringify(headers)).toMatch(/"Retry-After","7"|retry-after/i);
    expect(errorBodySchema.parse(body).error).toBe('too_many_requests');
  });

  it('refuses an unknown fault or one out of range with 400 naming the problem', async () => {
    for (const [value, problem] of [
      ['status=502', /status takes 500, 503, 429/],
      ['explode', /explode is not a fault/],
      ['delay=0', /delay takes milliseconds from 1 to 60000/],
      ['delay=600000', /delay takes milliseconds from 1 to 60000/],
      ['delay=fast', /delay takes milliseconds/],
      ['retry-after=5', /retry-after goes with status=429 or status=503/],
      ['status=429; retry-after=-1', /retry-after takes seconds/],
      ['drop; status=500', /exclude each other/],
      ['status=500; status=503', /given twice/],
      ['deliver=twice', /notifications/],
      ['', /no fault named/],
    ] as const) {
      const body = await expectError(await me({ 'x-simulate-fault': value }), 400, 'bad_request');
      expect(body.message).toMatch(/x-simulate-fault takes/);
      expect(JSON.stringify(body.cause), value).toMatch(problem);
    }
  });

  it('is ignored where the marketplace is not in local use, as the platform would', async () => {
    const res = await me({ 'x-simulate-fault': 'status=503' }, remoteOrigin);
    expect(res.status).toBe(200);
    expect((await me({ 'x-simulate-fault': 'nonsense' }, remoteOrigin)).status).toBe(200);
  });

  it('is described by OPTIONS in local use, and only there', async () => {
    const local = optionsDescriptionSchema.parse(
      await (await fetch(`${origin}/orders/search`, { method: 'OPTIONS' })).json(),
    );
    expect(local.simulated_faults?.header).toBe('X-Simulate-Fault');
    expect(local.simulated_faults?.examples).toContain('status=503');
    expect(local.simulated_faults?.rules).toMatch(/npm run faults -- add/);
    const remote = optionsDescriptionSchema.parse(
      await (await fetch(`${remoteOrigin}/orders/search`, { method: 'OPTIONS' })).json(),
    );
    expect(remote.simulated_faults).toBeUndefined();
  });
});

describe('rules set beside the running server', () => {
  it('are followed from the next request on, by method and path, as many times as told', async () => {
    expect((await me()).status).toBe(200);
    await rule({ fault: 'status=503', method: 'GET', path: '/users/{user_id}', times: '2' });
    // Another path, another method: untouched.
    expect((await fetch(`${origin}/currencies/ARS`)).status).toBe(200);
    const post = await fetch(`${origin}/users/me`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(post.status).not.toBe(503);
    const first = await me();
    const body = await expectError(first, 503, 'service_unavailable');
    expect(body.cause[0]).toMatchObject({
      code: 'simulated_fault',
      message: expect.stringMatching(/^rule \d+ of npm run faults/),
    });
    expect((await me()).status).toBe(503);
    // Its two uses spent, the rule is gone.
    expect((await me()).status).toBe(200);
    expect(await rules.list()).toEqual([]);
  });

  it('drop, delay and 429 as rules; * stands for the rest of a path', async () => {
    await rule({ fault: 'status=429; retry-after=9', path: '/currencies/*' });
    const limited = await fetch(`${origin}/currencies/BRL`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('9');
    expect((await fetch(`${origin}/currencies/BRL`)).status).toBe(429);
    await rules.clear();
    expect((await fetch(`${origin}/currencies/BRL`)).status).toBe(200);

    await rule({ fault: 'drop', path: '/currencies/ARS', times: '1' });
    await expect(fetch(`${origin}/currencies/ARS`)).rejects.toThrow(TypeError);
    expect((await fetch(`${origin}/currencies/ARS`)).status).toBe(200);

    await rule({ fault: 'delay=300', path: '/currencies/*' });
    const started = performance.now();
    expect((await fetch(`${origin}/currencies/ARS`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('a fraction of the matching requests gets the fault', async () => {
    await rule({ fault: 'status=500', path: '/currencies/ARS', fraction: '0.5' });
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) {
      const res = await fetch(`${origin}/currencies/ARS`);
      await res.body?.cancel();
      statuses.push(res.status);
    }
    const faults = statuses.filter((s) => s === 500).length;
    // Binomial(120, 0.5): outside 25–95 about once in 10^10 runs.
    expect(faults).toBeGreaterThan(25);
    expect(faults).toBeLessThan(95);
    expect(statuses.filter((s) => s !== 500 && s !== 200)).toEqual([]);
  });

  it('a counted rule is spent exactly once per use, by requests racing on two servers of the store', async () => {
    const second = await listen(
      createMarketplaceApi({
        store: await openSecondStore(api.store),
        localUse: true,
        clock: () => new Date(SEED_NOW + 60_000),
      }),
    );
    try {
      await rule({ fault: 'status=503', path: '/currencies/*', times: '7' });
      const statuses = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const res = await fetch(`${i % 2 ? second.url : origin}/currencies/ARS`);
          await res.body?.cancel();
          return res.status;
        }),
      );
      expect(statuses.filter((s) => s === 503)).toHaveLength(7);
      expect(statuses.filter((s) => s === 200)).toHaveLength(33);
      expect(await rules.list()).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('the header wins over a rule', async () => {
    await rule({ fault: 'status=503' });
    expect((await me({ 'x-simulate-fault': 'status=429' })).status).toBe(429);
    expect((await me()).status).toBe(503);
  });
});

describe('a rule’s words', () => {
  it('are checked, each problem said', () => {
    const problems = (input: RuleInput) => {
      const checked = checkRule(input);
      return checked.ok ? [] : checked.problems;
    };
    expect(problems({ fault: 'status=503', method: 'PATCH' })).toEqual([
      expect.stringMatching(/--method takes/),
    ]);
    expect(problems({ fault: 'status=503', path: 'orders' })).toEqual([
      expect.stringMatching(/--path takes/),
    ]);
    expect(problems({ fault: 'status=503', times: '0' })).toEqual([expect.stringMatching(/--times takes/)]);
    expect(problems({ fault: 'status=503', fraction: '1.5' })).toEqual([expect.stringMatching(/--fraction/)]);
    expect(problems({ fault: 'status=503', fraction: '0' })).toEqual([expect.stringMatching(/--fraction/)]);
    expect(problems({ fault: 'status=503', topic: 'orders_v2' })).toEqual([
      expect.stringMatching(/--topic goes/),
    ]);
    expect(problems({ fault: 'deliver=late', path: '/orders/*' })).toEqual([
      expect.stringMatching(/takes --topic/),
    ]);
    expect(problems({ fault: 'deliver=soon' })).toEqual([expect.stringMatching(/deliver takes late, twice/)]);
    expect(problems({ fault: 'deliver=twice; delay=5' })).toEqual([expect.stringMatching(/takes no delay/)]);
    expect(problems({ fault: 'deliver=late', topic: 'orders_v2', times: '3', fraction: '.25' })).toEqual([]);
  });
});
