import { errorBodySchema, optionsDescriptionSchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../app.ts';
import { expectError, seededApi, type TestApi, unwrapJsonp } from '../test-support.ts';
import { defineModule, METHODS } from './resources.ts';

let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 120 });
});

describe('errors and the OpenAPI document', () => {
  it('gives unknown routes and methods the error body, and answers both as JSONP when asked', async () => {
    for (const [path, method, status] of [
      ['/nope?callback=cb', 'GET', 404],
      ['/currencies?callback=cb', 'DELETE', 405],
    ] as const) {
      const res = await api.app.request(path, { method });
      expect(res.status).toBe(200);
      const [inner, headers, body] = unwrapJsonp(await res.text(), 'cb');
      expect(inner).toBe(status);
      expect(errorBodySchema.parse(body).status).toBe(status);
      if (status === 405) expect(headers.Allow).toEqual(['GET, HEAD, OPTIONS']);
    }
    await expectError(await api.get('/no/such/resource'), 404, 'not_found');
    await expectError(
      await api.app.request('/currencies', { method: 'POST', body: '{}' }),
      405,
      'method_not_allowed',
    );
    await expectError(await api.app.request('/orders/1', { method: 'DELETE' }), 405, 'method_not_allowed');
  });

  it('publishes an OpenAPI 3.1 document of every resource', async () => {
    const doc = (await api.json('/openapi.json')) as { openapi: string; paths: Record<string, object> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/orders/{order_id}', '/orders/search', '/currencies']),
    );
  });

  it('never shows internals when something unexpected breaks', async () => {
    const broken = await seededApi({ orders: 10 });
    await broken.store.db.schema.alterTable('currencies').renameTo('currencies_gone').execute();
    const body = await expectError(await broken.get('/currencies'), 500, 'internal_error');
    expect(body.message).toBe('Internal server error');
  });
});

/** A request path for a documented path, each parameter a plausible value. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('the table of resources', () => {
  it('routes every documented operation to its handler', async () => {
    for (const p of API_PATHS) {
      for (const method of p.methods) {
        const res = await api.app.request(concrete(p.path), { method });
        const text = await res.text();
        // Whatever the handler decides for made-up ids, the router found it: neither "resource not found" nor 405.
        expect(res.status, `${method} ${p.path}`).not.toBe(405);
        expect(text, `${method} ${p.path}`).not.toContain('resource not found');
      }
    }
  });

  it('answers 405 for every method a documented path does not serve', async () => {
    for (const p of API_PATHS) {
      for (const method of METHODS.filter((m) => !p.methods.includes(m))) {
        const res = await api.app.request(concrete(p.path), { method });
        expect(res.status, `${method} ${p.path}`).toBe(405);
        // RFC 9110: a 405 names the methods the resource does serve.
        const allow = res.headers.get('allow')!.split(', ');
        expect(allow).toEqual(expect.arrayContaining([...p.methods, 'OPTIONS']));
        expect(allow).not.toContain(method);
        await expectError(res, 405, 'method_not_allowed');
      }
    }
  });

  it('describes every path on OPTIONS with the methods it serves', async () => {
    for (const p of API_PATHS) {
      const res = await api.app.request(concrete(p.path), { method: 'OPTIONS' });
      expect(res.status, p.path).toBe(200);
      const description = optionsDescriptionSchema.parse(await res.json());
      expect(description.methods.map((m) => m.method)).toEqual(p.methods);
      const allow = [...p.methods, ...(p.methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
      expect(res.headers.get('allow')).toBe(allow);
    }
  });

  it('puts every documented path in the OpenAPI document', async () => {
    const doc = (await api.json('/openapi.json')) as { paths: Record<string, Record<string, unknown>> };
    for (const p of API_PATHS) {
      expect(Object.keys(doc.paths[p.path] ?? {}), p.path).toEqual([
        ...p.methods.map((m) => m.toLowerCase()),
        'options',
      ]);
    }
    expect(Object.keys(doc.paths).length).toBe(API_PATHS.length);
  });

  it('refuses a module whose fixed path comes after a parameter that would take its requests', () => {
    const me = { ...someResource, path: '/users/me' };
    const user = { ...someResource, path: '/users/{user_id}' };
    expect(() => defineModule({ prefix: '/users', resources: [user, me] })).toThrow(/comes after/);
    expect(defineModule({ prefix: '/users', resources: [me, user] }).resources).toHaveLength(2);
  });

  it('refuses a module holding a path outside its prefix', () => {
    expect(() =>
      defineModule({ prefix: '/orders', resources: [{ ...someResource, path: '/ordersx' }] }),
    ).toThrow(/not under/);
  });
});

const someResource = {
  path: '/orders',
  name: 'x',
  description: 'x',
  attributes: {},
  related_resources: [],
  connections: {},
  methods: {},
};
