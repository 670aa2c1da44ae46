import { createHash, randomBytes } from 'node:crypto';
import { ORDER_STATUSES } from '@mostrador/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../app.ts';
import { configureOAuthClient } from '../domain/oauth-client.ts';
import { DEMO_APPLICATION_ID } from '../seed/generate.ts';
import { SEED_NOW, seededApi, type TestApi, tokenIssuer, unwrapJsonp } from '../test-support.ts';
import { resourcePattern } from './resources.ts';

/**
 * The OpenAPI document against the live API: every operation of every path (OPTIONS included) is called for real,
 * and each answer's status, media type, required headers and body are checked against what the document declares
 * for it, with JSON Schema 2020-12 (ajv). Both formats of an order and both views of a user, 201, 206 and the
 * errors are among the answers.
 */

type Doc = {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, DocResponse> }>>;
};
type DocResponse = {
  content?: Record<string, unknown>;
  headers?: Record<string, { required?: boolean }>;
};

const SECRET = 'openapi-test-client-secret-0123456789';
const JSON_MEDIA = 'application/json';
const REDIRECT = 'http://127.0.0.1:4000/bff/callback';
const now = SEED_NOW + 60_000;
let api: TestApi;
let doc: Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
/** `METHOD /template` → statuses whose answers were checked. */
const checked = new Map<string, Set<number>>();

const TEMPLATES = API_PATHS.map((p) => ({ path: p.path, re: resourcePattern(p, '[^/]+') }));
const templateOf = (path: string) => TEMPLATES.find((t) => t.re.test(path.split('?')[0]!))?.path;
const pointer = (...parts: string[]) =>
  parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

interface Call {
  token?: string | null;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** `METHOD /template` → whether a JSONP answer, and a reduced (`attributes`) one, was checked. */
const checkedJsonp = new Set<string>();
const checkedAttributes = new Set<string>();
/** `METHOD /template status` → how many times it was repeated as JSONP: once each is enough. */
const repeats = new Map<string, number>();
const REPEATS = 1;

const withParameter = (path: string, name: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

/** A body's validator from the document: the schema of `template`'s `method` answering `status` as `media`. */
const validatorOf = (template: string, method: string, status: string, media: string) =>
  ajv.getSchema(
    `api#/${pointer('paths', template, method, 'responses', status, 'content', media, 'schema')}`,
  );

/**
 * Calls the API and checks the answer against the document; answers its status and parsed JSON body. The first
 * request of each operation and status is then made again as JSONP (spec 4.6), when repeating it changes nothing
 * (a read, or a refused write), and a successful read again with `attributes` (spec 4.5): both answers are checked
 * against the document too.
 */
async function call(
  method: string,
  path: string,
  init: Call = {},
): Promise<{ status: number; body: unknown }> {
  const answer = await callOnce(method, path, init);
  const template = templateOf(path)!;
  const key = `${method} ${template}`;
  const read = method === 'GET' || method === 'OPTIONS';
  const times = repeats.get(`${key} ${answer.status}`) ?? 0;
  if (
    times < REPEATS &&
    !path.includes('callback=') &&
    !path.includes('attributes=') &&
    (read || answer.status >= 400)
  ) {
    repeats.set(`${key} ${answer.status}`, times + 1);
    await callOnce(method, withParameter(path, 'callback', 'cb'), init);
    checkedJsonp.add(key);
    if (read && answer.status < 300 && answer.body !== undefined) {
      const sample = Array.isArray(answer.body) ? answer.body[0] : answer.body;
      const names = sample && typeof sample === 'object' ? Object.keys(sample).slice(0, 2) : [];
      const reduced = await callOnce(
        method,
        withParameter(path, 'attributes', [...names, 'nothing'].join(',')),
        init,
      );
      expect(reduced.status).toBe(answer.status);
      checkedAttributes.add(key);
    }
  }
  return answer;
}

async function callOnce(
  method: string,
  path: string,
  init: Call = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await api.app.request(path, { method, headers, body });
  const text = await res.text();
  const template = templateOf(path);
  expect(template, `${method} ${path}: no documented path`).toBeDefined();
  const m = method.toLowerCase();
  const op = doc.paths[template!]?.[m];
  expect(op, `${method} ${template}: not in the document`).toBeDefined();
  // A JSONP answer of an operation that succeeds with 201 or 303 is its `default` response's.
  const jsonp = res.headers.get('content-type')?.startsWith('text/javascript') ?? false;
  const declared = op!.responses[String(res.status)] ?? (jsonp ? op!.responses.default : undefined);
  expect(
    declared,
    `${method} ${path} answered ${res.status}, undeclared: ${text.slice(0, 300)}`,
  ).toBeDefined();
  for (const [name, header] of Object.entries(declared!.headers ?? {})) {
    if (header.required) expect(res.headers.get(name), `${method} ${path}: ${name}`).not.toBeNull();
  }
  let parsed: unknown;
  const essence = (type: string | null) => type?.split(';')[0]?.trim();
  const medias = Object.keys(declared!.content ?? {});
  const media = medias.find((m) => essence(m) === essence(res.headers.get('content-type')));
  if (medias.length > 0) {
    expect(
      media,
      `${method} ${path}: ${res.headers.get('content-type')} is not among ${medias}`,
    ).toBeDefined();
    if (essence(media!) === 'application/json') {
      expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      parsed = JSON.parse(text);
      const validate = validatorOf(template!, m, String(res.status), media!)!;
      const valid = validate(parsed);
      expect(valid, `${method} ${path} ${res.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    if (essence(media!) === 'text/javascript') {
      // JSONP: the answer the call stands for is checked against what the document declares for its status.
      // Its header object's Content-Type describes the JSONP answer itself, as the platform's does: a body that is
      // not JSON arrives as a string.
      const [status, , body] = unwrapJsonp(text, 'cb');
      const inner = op!.responses[String(status)];
      expect(inner, `${method} ${path}: JSONP of an undeclared ${status}`).toBeDefined();
      if (typeof body !== 'string' || !Object.keys(inner!.content ?? {}).some((m) => m !== JSON_MEDIA)) {
        expect(inner!.content?.[JSON_MEDIA], `${method} ${path} ${status} as JSONP`).toBeDefined();
        const validate = validatorOf(template!, m, String(status), JSON_MEDIA)!;
        expect(
          validate(body),
          `${method} ${path} ${status} as JSONP: ${ajv.errorsText(validate.errors)}`,
        ).toBe(true);
      } else if (status !== 303 && status !== 204) {
        expect(typeof body, `${method} ${path} ${status} as JSONP`).toBe('string');
      }
    }
  }
  const key = `${method} ${template}`;
  checked.set(key, (checked.get(key) ?? new Set()).add(res.status));
  return { status: res.status, body: parsed };
}

/** A JSON answer as the tests below read it (the schema check has already vouched for its shape). */
type Answer = {
  id: number;
  states: { id: string }[];
  cities: { id: string }[];
  neighborhoods: { id: string }[];
};

async function ok(method: string, path: string, init: Call = {}, status = 200) {
  const answer = await call(method, path, init);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBe(status);
  return answer.body as Answer & Answer[];
}

let tokenOf: (userId: number) => Promise<string>;

beforeAll(async () => {
  api = await seededApi({ clock: () => new Date(now), localUse: true, operatorToken: 'operator-secret' });
  tokenOf = tokenIssuer(api.store, () => now);
  await configureOAuthClient(api.store, {
    applicationId: DEMO_APPLICATION_ID,
    clientSecret: SECRET,
    redirectUris: [REDIRECT],
  });
  doc = (await api.json('/openapi.json')) as Doc;
  ajv.addSchema(doc, 'api');
});

const user = (nickname: string) => api.manifest.users.find((u) => u.nickname === nickname)!;

describe('the OpenAPI document against the live API', () => {
  it('gives every operation an operationId of its own, and every one a 4xx answer', () => {
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(
          Object.keys(op.responses).some((s) => s.startsWith('4')),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });

  it('describes the answers of orders: both formats, the search, 206, the life cycle with 201 and 409', async () => {
    const seller = user('TIENDA_PALERMO');
    const buyer = user('COMPRADOR_BELGRANO');
    const statuses = ORDER_STATUSES.join(',');
    for (const u of [seller, user('LOJA_PINHEIROS'), user('BAZAR_COYOACAN')]) {
      for (let offset = 0; offset < 153; offset += 51) {
        await ok('GET', `/orders/search?seller=${u.id}&order.status=${statuses}&limit=51&offset=${offset}`, {
          token: u.access_token,
        });
      }
    }
    await ok('GET', `/orders/search?buyer=${buyer.id}&order.status=${statuses}&limit=51`, {
      token: buyer.access_token,
    });
    const rows = await api.store.db
      .selectFrom('orders')
      .select(['id', 'status', 'shipping_id'])
      .where('seller_id', '=', seller.id)
      .execute();
    // Every status, with and without a shipment, in both formats.
    const sample = ORDER_STATUSES.flatMap((status) =>
      [true, false].map((shipped) =>
        rows.find((r) => r.status === status && (r.shipping_id !== null) === shipped),
      ),
    ).filter((r) => r !== undefined);
    expect(sample.length).toBeGreaterThanOrEqual(8);
    for (const row of sample) {
      await ok('GET', `/orders/${row.id}`, {
        token: seller.access_token,
        headers: { 'x-format-new': 'true' },
      });
      await ok('GET', `/orders/${row.id}`, { token: seller.access_token });
    }
    const one = sample[0]!.id;
    for (const format of ['true', 'false']) {
      await ok(
        'GET',
        `/orders/${one}`,
        {
          token: seller.access_token,
          headers: { 'x-format-new': format, 'x-simulate-content-missing': 'buyer,shipping,feedback' },
        },
        206,
      );
    }
    await ok('GET', `/orders/${one}/product`, { token: seller.access_token });
    await ok('GET', `/orders/${one}/discounts`, { token: seller.access_token });
    await ok('GET', `/orders/${one}/feedback`, { token: seller.access_token });
    expect((await call('GET', `/orders/${one}`)).status).toBe(401);
    expect((await call('GET', `/orders/${one}`, { token: user('LOJA_PINHEIROS').access_token })).status).toBe(
      403,
    );
    expect((await call('GET', '/orders/2000000000000001', { token: seller.access_token })).status).toBe(404);
    expect((await call('GET', '/orders/abc', { token: seller.access_token })).status).toBe(400);

    // The life cycle, on orders of its own.
    const item = await api.store.db
      .selectFrom('items')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('available_quantity', '>', 5)
      .orderBy('id')
      .execute();
    const create = (i: number) =>
      ok(
        'POST',
        '/orders',
        {
          token: buyer.access_token,
          body: { seller_id: seller.id, items: [{ id: item[i]!.id, quantity: 1 }] },
        },
        201,
      );
    const order = await create(0);
    await ok(
      'POST',
      `/orders/${order.id}/payments`,
      { token: buyer.access_token, body: { status: 'approved' } },
      201,
    );
    expect(
      (
        await call('POST', `/orders/${order.id}/payments`, {
          token: buyer.access_token,
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(409);
    await ok('POST', `/orders/${order.id}/fraud_alert`, { token: seller.access_token });
    expect((await call('POST', '/orders/abc/fraud_alert', { token: seller.access_token })).status).toBe(400);
    await ok('POST', `/orders/${order.id}/chargeback`, { token: seller.access_token });
    const second = await create(1);
    await ok('POST', `/orders/${second.id}/cancel`, {
      token: seller.access_token,
      body: { code: 'seller_out_of_stock' },
    });
    expect(
      (
        await call('POST', `/orders/${second.id}/cancel`, {
          token: seller.access_token,
          body: { code: 'seller_out_of_stock' },
        })
      ).status,
    ).toBe(409);
    const third = await create(2);
    await ok('POST', `/orders/${third.id}/invalidate`, { token: seller.access_token });
    expect(
      (await call('POST', `/orders/${third.id}/invalidate`, { token: seller.access_token })).status,
    ).toBe(409);
    expect((await call('POST', '/orders', { token: buyer.access_token, body: {} })).status).toBe(400);

    // Feedback given by both sides (201), the reply (201), and the second time (409).
    const fourth = await create(3);
    const purchase = await ok(
      'POST',
      `/orders/${fourth.id}/feedback`,
      { token: buyer.access_token, body: { fulfilled: true, rating: 'positive', message: 'Todo bien' } },
      201,
    );
    expect(
      (
        await call('POST', `/orders/${fourth.id}/feedback`, {
          token: buyer.access_token,
          body: { fulfilled: true, rating: 'positive' },
        })
      ).status,
    ).toBe(409);
    await ok(
      'POST',
      `/feedback/${purchase.id}/reply`,
      { token: seller.access_token, body: { reply: 'Gracias' } },
      201,
    );
    expect(
      (
        await call('POST', `/feedback/${purchase.id}/reply`, {
          token: seller.access_token,
          body: { reply: 'Otra' },
        })
      ).status,
    ).toBe(409);
  });

  it('describes shipments in both formats and a delivery step', async () => {
    const rows = await api.store.db
      .selectFrom('shipments')
      .innerJoin('orders', 'orders.id', 'shipments.order_id')
      .select(['shipments.id', 'shipments.seller_id', 'shipments.delivery_state', 'orders.status'])
      .execute();
    const shipment = rows[0]!;
    const token = await tokenOf(Number(shipment.seller_id));
    await ok('GET', `/shipments/${shipment.id}`, { token, headers: { 'x-format-new': 'true' } });
    await ok('GET', `/shipments/${shipment.id}`, { token });
    const ready = rows.find((r) => r.delivery_state === 'label_not_printed' && r.status === 'paid')!;
    await ok('POST', `/shipments/${ready.id}/delivery`, {
      token: await tokenOf(Number(ready.seller_id)),
      body: { state: 'label_printed' },
    });
    expect(
      (
        await call('POST', `/shipments/${ready.id}/delivery`, {
          token: await tokenOf(Number(ready.seller_id)),
          body: { state: 'label_printed' },
        })
      ).status,
    ).toBe(409);
  });

  it('describes users: the private and the public view, 206 of each, and their resources', async () => {
    const seller = user('TIENDA_PALERMO');
    const other = user('LOJA_PINHEIROS');
    const missing = { 'x-simulate-content-missing': 'seller_reputation' };
    await ok('GET', '/users/me', { token: seller.access_token });
    await ok('GET', '/users/me', { token: seller.access_token, headers: missing }, 206);
    await ok('GET', `/users/${seller.id}`, { token: seller.access_token });
    await ok('GET', `/users/${seller.id}`, { token: other.access_token });
    await ok('GET', `/users/${seller.id}`);
    await ok('GET', `/users/${seller.id}`, { token: seller.access_token, headers: missing }, 206);
    await ok('GET', `/users/${seller.id}`, { headers: missing }, 206);
    await ok('PUT', `/users/${seller.id}`, { token: seller.access_token, body: { first_name: 'Andrés' } });
    expect((await call('PUT', `/users/${seller.id}`, { token: other.access_token, body: {} })).status).toBe(
      403,
    );
    await ok('PUT', `/users/${seller.id}/immediate_payment`, {
      token: seller.access_token,
      body: { reason: 'by_user' },
    });
    await ok('DELETE', `/users/${seller.id}/immediate_payment/by_user`, { token: seller.access_token });
    await ok('GET', `/users/${seller.id}/addresses`, { token: seller.access_token });
    await ok('GET', `/users/${seller.id}/accepted_payment_methods`);
    await ok('GET', `/users/${seller.id}/brands`);
    const packs = `/users/${other.id}/classifieds_promotion_packs`;
    await ok('GET', packs, { token: other.access_token });
    await ok(
      'POST',
      packs,
      {
        token: other.access_token,
        body: { categ_id: 'MLB1459', promotion_pack_id: 'MPAB', engagement_type: 'none', status: 'active' },
      },
      201,
    );
    await ok('GET', `${packs}/silver?categoryId=MLB1459`, { token: other.access_token });
    await ok('GET', `/users/${seller.id}/available_listing_types?category_id=MLA1055`, {
      token: seller.access_token,
    });
    await ok('GET', `/users/${seller.id}/available_listing_type/gold_special?category_id=MLA1055`, {
      token: seller.access_token,
    });
    expect((await call('GET', `/users/${seller.id}/addresses`, { token: other.access_token })).status).toBe(
      403,
    );
    expect((await call('GET', '/users/999999999999/brands')).status).toBe(404);
    // Last: revoking the application stops the user's tokens.
    const revoking = user('COMPRADORA_SAMPA');
    await ok('DELETE', `/users/${revoking.id}/applications/${DEMO_APPLICATION_ID}`, {
      token: revoking.access_token,
    });
    expect((await call('GET', '/users/me', { token: revoking.access_token })).status).toBe(401);
  });

  it('describes blocklists, the block search, the team and its access log', async () => {
    const seller = user('TIENDA_PALERMO');
    const buyer = user('COMPRADOR_BELGRANO');
    const token = seller.access_token;
    for (const list of ['order_blacklist', 'questions_blacklist']) {
      await ok('POST', `/users/${seller.id}/${list}`, { token, body: { user_id: buyer.id } });
      await ok('GET', `/users/${seller.id}/${list}`, { token });
      await ok('DELETE', `/users/${seller.id}/${list}/${buyer.id}`, { token });
    }
    await ok('GET', `/block-api/search/users/${seller.id}?type=blocked_by_order&caller.id=${seller.id}`, {
      token,
    });
    expect(
      (await call('GET', `/block-api/search/users/${seller.id}?type=blocked_by_order&caller.id=1`, { token }))
        .status,
    ).toBe(403);
    await ok('GET', `/users/${seller.id}/operators`, { token });
    await ok(
      'POST',
      `/users/${seller.id}/operators`,
      { token, body: { user_id: buyer.id, permissions: ['orders.read'] } },
      201,
    );
    expect(
      (
        await call('POST', `/users/${seller.id}/operators`, {
          token,
          body: { user_id: buyer.id, permissions: ['orders.read'] },
        })
      ).status,
    ).toBe(409);
    await ok('GET', '/users/me/operated_accounts', { token: buyer.access_token });
    await ok('PUT', `/users/${seller.id}/operators/${buyer.id}`, {
      token,
      body: { permissions: ['orders.read', 'blocklists.manage'] },
    });
    await ok('DELETE', `/users/${seller.id}/operators/${buyer.id}`, { token });
    await ok('GET', `/users/${seller.id}/personal_data_access_log?limit=5`, { token });
  });

  it('describes applications, notifications, the public resources and the authorization server', async () => {
    const ownerId = api.manifest.applications[0]!.owner_user_id!;
    const owner = await tokenOf(ownerId);
    await ok('GET', `/applications/${DEMO_APPLICATION_ID}`, { token: owner });
    await ok('GET', `/myfeeds?app_id=${DEMO_APPLICATION_ID}&limit=5`, { token: owner });
    await ok('POST', `/applications/${DEMO_APPLICATION_ID}/notifications/reactivate`, { token: owner });
    expect(
      (
        await call('GET', `/myfeeds?app_id=${DEMO_APPLICATION_ID}`, {
          token: user('LOJA_PINHEIROS').access_token,
        })
      ).status,
    ).toBe(403);
    await ok('GET', '/currencies');
    await ok('GET', '/currencies/ARS');
    expect((await call('GET', '/currencies/XXX')).status).toBe(404);
    await ok('GET', '/currency_conversions/search?from=ARS&to=USD');
    const seller = user('TIENDA_PALERMO');
    await ok('GET', `/sites/MLA/search?nickname=${seller.nickname}`);
    await ok('GET', '/sites/MLB/search?nickname=LOJA_PINHEIROS&condition=new');
    const countries = await ok('GET', '/classified_locations/countries');
    const country = await ok('GET', `/classified_locations/countries/${countries[0]!.id}`);
    const state = await ok(
      'GET',
      `/classified_locations/states/${country.states.find((s) => s.id === 'TUxBUENBUGw3M2E1')!.id}`,
    );
    const city = await ok('GET', `/classified_locations/cities/${state.cities[0]!.id}`);
    await ok('GET', `/classified_locations/neighborhoods/${city.neighborhoods[0]!.id}`);
    expect((await call('GET', '/classified_locations/cities/NOPE')).status).toBe(404);
    const reviewed = await api.store.db.selectFrom('reviews').select('item_id').executeTakeFirstOrThrow();
    await ok('GET', `/reviews/item/${reviewed.item_id}?limit=3`);
    await ok('GET', '/openapi.json');

    // The authorization server: its page, its form (303), its token and its own error format.
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: String(DEMO_APPLICATION_ID),
      redirect_uri: REDIRECT,
      state: 'xyz',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    await ok('GET', `/authorization?${query}`);
    expect((await call('GET', '/authorization?client_id=1')).status).toBe(400);
    await ok('GET', '/authorization.css');
    await ok('GET', '/authorization-font.woff2');
    await ok(
      'POST',
      '/authorization',
      {
        form: { ...Object.fromEntries(query), user_id: String(seller.id) },
        headers: { origin: 'http://localhost' },
      },
      303,
    );
    expect(
      (
        await call('POST', '/authorization', {
          form: { client_id: '1' },
          headers: { origin: 'http://localhost' },
        })
      ).status,
    ).toBe(400);
    const form = { ...Object.fromEntries(query), user_id: String(seller.id) };
    const res = await api.app.request('/authorization', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: new URLSearchParams(form).toString(),
    });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    await ok('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        client_id: String(DEMO_APPLICATION_ID),
        client_secret: SECRET,
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      },
    });
    expect((await call('POST', '/oauth/token', { form: { grant_type: 'password' } })).status).toBe(400);
    expect(
      (
        await call('POST', '/oauth/token', {
          form: {
            grant_type: 'refresh_token',
            client_id: String(DEMO_APPLICATION_ID),
            client_secret: 'wrong',
            refresh_token: 'x',
          },
        })
      ).status,
    ).toBe(401);
  });

  it('describes OPTIONS of every path, and the 400 of every operation', async () => {
    for (const p of API_PATHS) {
      const path = p.path.replace(/\{[^}]+\}/g, '1');
      await ok('OPTIONS', path);
      expect((await call('OPTIONS', `${path}?callback=1nope`)).status).toBe(400);
      if (p.ownAuthentication) {
        // The authorization server takes its parameters by RFC 6749; the conventions still refuse a bad callback.
        for (const method of p.methods)
          expect((await call(method, `${path}?callback=1nope`)).status).toBe(400);
        continue;
      }
      for (const method of p.methods) {
        expect(
          (
            await call(method, `${path}?_=1&_=2`, {
              token: user('TIENDA_PALERMO').access_token,
            })
          ).status,
        ).toBe(400);
      }
    }
  });

  it('describes the faults asked for on purpose, on every operation (decision 0293)', async () => {
    const faults = ['status=503; retry-after=2', 'status=429', 'status=500'];
    let turn = 0;
    for (const p of API_PATHS) {
      const path = p.path.replace(/\{[^}]+\}/g, '1');
      for (const method of [...p.methods, 'OPTIONS']) {
        const fault = faults[turn++ % faults.length]!;
        // The 200 of OPTIONS and of the authorization server's page declare headers (`Allow`, the page's policy)
        // that a JSONP-wrapped error lacks: their faults are checked without JSONP.
        const answer = await (p.ownAuthentication || method === 'OPTIONS' ? callOnce : call)(method, path, {
          token: p.ownAuthentication ? null : user('TIENDA_PALERMO').access_token,
          headers: { 'x-simulate-fault': fault },
        });
        expect(answer.status, `${method} ${path} with ${fault}`).toBe(Number(/status=(\d+)/.exec(fault)![1]));
      }
    }
  });

  it('refuses answers it does not describe, so the checks above could fail', async () => {
    const seller = user('TIENDA_PALERMO');
    const schema = (path: string, method: string, status: string) =>
      ajv.getSchema(
        `api#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`,
      )!;
    const me = (await api.json(`/users/${seller.id}`, seller.access_token)) as Record<string, unknown>;
    expect(schema('/users/{user_id}', 'get', '200')(me)).toBe(true);
    expect(schema('/users/{user_id}', 'get', '200')({ ...me, password: 'x' })).toBe(false);
    const { id } = await api.store.db
      .selectFrom('orders')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('shipping_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const legacy = (await api.json(`/orders/${id}`, seller.access_token)) as { shipping: object };
    expect(schema('/orders/{order_id}', 'get', '200')(legacy)).toBe(true);
    expect(schema('/orders/{order_id}', 'get', '200')({ ...legacy, shipping: { cost: 1 } })).toBe(false);
    expect(schema('/orders/{order_id}', 'get', '200')({ ...legacy, status: 'lost' })).toBe(false);
  });

  it('describes the JSONP answer of a creation: 200 around the 201', async () => {
    const seller = user('TIENDA_PALERMO');
    const buyer = user('COMPRADOR_BELGRANO');
    const item = await api.store.db
      .selectFrom('items')
      .select('id')
      .where('seller_id', '=', seller.id)
      .where('available_quantity', '>', 5)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const answer = await call('POST', '/orders?callback=cb', {
      token: buyer.access_token,
      body: { seller_id: seller.id, items: [{ id: item.id, quantity: 1 }] },
    });
    expect(answer.status).toBe(200);
  });

  it('has checked a successful answer and an error of every operation in the document', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        const seen = [...(checked.get(`${method.toUpperCase()} ${path}`) ?? [])];
        expect(
          seen.some((s) => s < 400),
          `${method.toUpperCase()} ${path}: ${seen}`,
        ).toBe(true);
        expect(
          seen.some((s) => s >= 400 && s < 500),
          `${method.toUpperCase()} ${path}: ${seen}`,
        ).toBe(true);
      }
    }
  });

  it('has checked a JSONP answer of every operation, and a reduced answer of every read', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        const key = `${method.toUpperCase()} ${path}`;
        expect(checkedJsonp.has(key), `${key}: JSONP`).toBe(true);
        const success = (ops as Record<string, { responses: Record<string, DocResponse> }>)[method]!
          .responses['200'];
        if ((method === 'get' || method === 'options') && success?.content?.[JSON_MEDIA]) {
          expect(checkedAttributes.has(key), `${key}: attributes`).toBe(true);
        }
      }
    }
  });
});
