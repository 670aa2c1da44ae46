import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createMarketplaceApi } from '../app.ts';
import { seededApi } from '../test-support.ts';
import { createLogger, REDACTED, redact, scrubText } from './logger.ts';

/** A destination that keeps every line written. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

const CANARY = {
  email: 'canary.person@example.org',
  phone: '1155550199',
  identification: '30111222',
  first_name: 'Canarina',
  last_name: 'Pajarito',
  address: 'Av. Canario 1234',
  token: 'APP_USR-5503910054141466-112116-0123456789abcdef0123456789abcdef-100000001',
  refresh: 'TG-5f0c1a2b3c4d5e6f7a8b9c0d-100000001',
};

describe('createLogger', () => {
  it('redacts personal data and tokens by key at any depth, and by shape in free text', () => {
    const out = capture();
    const logger = createLogger({ destination: out.stream });
    logger.info(
      {
        user: {
          email: CANARY.email,
          phone: { area_code: '11', number: CANARY.phone },
          identification: { type: 'DNI', number: CANARY.identification },
          first_name: CANARY.first_name,
          last_name: CANARY.last_name,
          address: { address: CANARY.address },
        },
        headers: { Authorization: `Bearer ${CANARY.token}`, Cookie: 'session=abc' },
        refresh_token: CANARY.refresh,
        url: `/orders/1?access_token=${CANARY.token}&attributes=id`,
        note: `written by ${CANARY.email} with ${CANARY.token}`,
        list: [{ access_token: CANARY.token }],
      },
      `login of ${CANARY.email} using ${CANARY.refresh}`,
    );
    logger.warn(`plain text with Bearer ${CANARY.token}`);
    logger.error({ err: new Error(`failed for ${CANARY.email}`) }, 'boom');
    const text = out.text();
    for (const value of Object.values(CANARY)) expect(text).not.toContain(value);
    expect(text).not.toContain('session=abc');
    const [first] = out.lines.map((l) => JSON.parse(l));
    expect(first.user).toEqual({
      email: REDACTED,
      phone: REDACTED,
      identification: REDACTED,
      first_name: REDACTED,
      last_name: REDACTED,
      address: REDACTED,
    });
    expect(first.url).toBe(`/orders/1?access_token=${REDACTED}&attributes=id`);
    expect(first.msg).toBe(`login of [email] using TG-${REDACTED}`);
    expect(first.level).toBe('info');
    // What is not personal stays readable.
    expect(text).toContain('/orders/1');
    expect(text).toContain('failed for [email]');
  });

  it('scrubs and redacts as documented', () => {
    expect(scrubText('mail a.b+c@d.co now')).toBe('mail [email] now');
    expect(scrubText('?x=1&access_token=abc&y=2')).toBe(`?x=1&access_token=${REDACTED}&y=2`);
    expect(redact({ nested: { PHONE: '1' }, n: 5, ok: 'text' })).toEqual({
      nested: { PHONE: REDACTED },
      n: 5,
      ok: 'text',
    });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(redact(cyclic)).toEqual({ a: 1, self: '[…]' });
  });
});

describe('request log of the API', () => {
  it('writes one line per request with method, masked path, status and duration, and no body', async () => {
    const api = await seededApi({ orders: 60 });
    const out = capture();
    const errors: unknown[] = [];
    const app = createMarketplaceApi({
      store: api.store,
      logger: createLogger({ destination: out.stream }),
      onUnexpectedError: (e) => errors.push(e),
    });
    const seller = api.sellers[0]!;
    const me = await app.request(`/orders/search?seller=${seller.id}&access_token=${seller.access_token}`);
    expect(me.status).toBe(200);
    const meBody = await me.text();
    await app.request('/classified_locations/cities/NOPE?callback=cb');
    await app.request('/orders/1', { headers: { authorization: `Bearer ${seller.access_token}` } });

    const lines = out.lines.map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: `/orders/search?seller=${seller.id}&access_token=${REDACTED}`,
      status: 200,
    });
    expect(lines[0].duration_ms).toEqual(expect.any(Number));
    expect(lines[1]).toMatchObject({ path: '/classified_locations/cities/NOPE?callback=cb', status: 200 });
    expect(lines[2]).toMatchObject({ path: '/orders/1', status: 404 });
    const text = out.text();
    expect(text).not.toContain(seller.access_token);
    expect(text).not.toContain(seller.access_token.slice(8, 40));
    // Nothing of the answer: not the buyers' nicknames, not the order ids it listed.
    const firstOrderId = String(JSON.parse(meBody).results[0].id);
    expect(text).not.toContain(firstOrderId);
    expect(errors).toEqual([]);
  });

  it('logs an unexpected error without its request data', async () => {
    const api = await seededApi({ orders: 30 });
    const out = capture();
    const app = createMarketplaceApi({ store: api.store, logger: createLogger({ destination: out.stream }) });
    // Break the store under the app: the read fails in a way no input can cause.
    await api.store.db.schema.dropTable('location_neighborhoods').execute();
    const res = await app.request(
      '/classified_locations/neighborhoods/TUxBQkNBQjM4MDda?note=secret.person@mail.com',
    );
    expect(res.status).toBe(500);
    const lines = out.lines.map((l) => JSON.parse(l));
    expect(lines.map((l) => l.msg)).toEqual(['unexpected error', 'request']);
    expect(lines[0].level).toBe('error');
    expect(lines[0].err.message).toEqual(expect.any(String));
    expect(out.text()).not.toContain('secret.person@mail.com');
  });
});
