import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  oauthErrorSchema,
  oauthTokenResponseSchema,
  optionsDescriptionSchema,
  userPrivateSchema,
} from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureOAuthClient } from '../domain/oauth-client.ts';
import { DEMO_APPLICATION_ID } from '../seed/generate.ts';
import { SEED_NOW, seededApi, type TestApi } from '../test-support.ts';

const SECRET = 'test-client-secret-0123456789abcdef';
const REDIRECT = 'http://127.0.0.1:4000/bff/callback';
const OTHER_APP = 7_000_000_001;
const OTHER_SECRET = 'other-client-secret-0123456789abcdef';
const DEMO_NICKNAMES = [
  'TIENDA_PALERMO',
  'LOJA_PINHEIROS',
  'BAZAR_COYOACAN',
  'COMPRADOR_BELGRANO',
  'COMPRADORA_SAMPA',
  'COMPRADOR_POLANCO',
  // The first demo seller's support operator (decision 0104).
  'SOPORTE_PALERMO',
];

let api: TestApi;
let now = SEED_NOW;

beforeAll(async () => {
  api = await seededApi({ orders: 60, clock: () => new Date(now) });
  await configureOAuthClient(api.store, {
    applicationId: DEMO_APPLICATION_ID,
    clientSecret: SECRET,
    redirectUris: [REDIRECT, 'https://mostrador.example/bff/callback'],
  });
  await api.store.db
    .insertInto('applications')
    .values({
      id: OTHER_APP,
      name: 'Other',
      owner_user_id: null,
      callback_url: null,
      topics: '[]',
      notifications_active: 1,
      date_created: SEED_NOW,
    })
    .execute();
  await configureOAuthClient(api.store, {
    applicationId: OTHER_APP,
    clientSecret: OTHER_SECRET,
    redirectUris: ['https://other.example/cb'],
  });
});

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

function authorizeQuery(overrides: Record<string, string | undefined> = {}, challenge = pkce().challenge) {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: String(DEMO_APPLICATION_ID),
    redirect_uri: REDIRECT,
    state: 'st<"ate>1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, v);
  return search;
}

const form = (fields: URLSearchParams | Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});

function demoUser(nickname: string) {
  const user = api.manifest.users.find((u) => u.nickname === nickname);
  if (!user) throw new Error(nickname);
  return user;
}

/** Signs in through the page as `nickname` and returns the code from the redirect. */
async function authorize(nickname = 'TIENDA_PALERMO', challenge = pkce().challenge, redirectUri = REDIRECT) {
  const fields = authorizeQuery({ redirect_uri: redirectUri }, challenge);
  fields.set('user_id', String(demoUser(nickname).id));
  const res = await api.app.request('/authorization', form(fields, { origin: 'http://localhost' }));
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
  expect(location.searchParams.get('state')).toBe('st<"ate>1');
  return location.searchParams.get('code')!;
}

function token(
  fields: Record<string, string>,
  init: { json?: boolean; headers?: Record<string, string> } = {},
) {
  return api.app.request('/oauth/token', {
    method: 'POST',
    headers: {
      'content-type': init.json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...init.headers,
    },
    body: init.json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
}

async function exchange(code: string, verifier: string, extra: Record<string, string> = {}) {
  return token({
    grant_type: 'authorization_code',
    client_id: String(DEMO_APPLICATION_ID),
    client_secret: SECRET,
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    ...extra,
  });
}

async function signIn(nickname = 'TIENDA_PALERMO') {
  const { verifier, challenge } = pkce();
  const code = await authorize(nickname, challenge);
  const res = await exchange(code, verifier);
  expect(res.status).toBe(200);
  return oauthTokenResponseSchema.parse(await res.json());
}

const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
  token({
    grant_type: 'refresh_token',
    client_id: String(DEMO_APPLICATION_ID),
    client_secret: SECRET,
    refresh_token: refreshToken,
    ...extra,
  });

/** The OAuth error format of the recorded platform answer, and nothing of the implementation. */
async function expectOAuthError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const text = await res.text();
  const body = oauthErrorSchema.parse(JSON.parse(text));
  expect(body).toMatchObject({ error: code, status, cause: [] });
  expect(text).not.toMatch(/\bat .+:\d+:\d+|\/work\/|node_modules|SELECT |sqlite|kysely|hono/i);
  return body;
}

const meStatus = async (accessToken: string) => (await api.get('/users/me', accessToken)).status;

describe('demo accounts', () => {
  it('are flagged by the seed, the seven of its demo list and no one else', async () => {
    const rows = await api.store.db
      .selectFrom('users')
      .select(['nickname'])
      .where('demo_account', '=', 1)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.nickname)).toEqual(DEMO_NICKNAMES);
  });
});

describe('GET /authorization', () => {
  it('renders a sign-in page listing the demo accounts, with no script and a strict policy', async () => {
    const res = await api.app.request(`/authorization?${authorizeQuery()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:4000");
    const html = await res.text();
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    expect(html).toContain('<form method="post" action="authorization">');
    for (const nickname of DEMO_NICKNAMES) {
      expect(html).toContain(`name="user_id" value="${demoUser(nickname).id}">${nickname} (`);
    }
    expect(html.match(/name="user_id"/g)).toHaveLength(7);
    // Team members are listed apart, with the seller they act for.
    expect(html).toMatch(
      /<h2>Team members<\/h2>[\s\S]*SOPORTE_PALERMO \(MLA\), team member of TIENDA_PALERMO/,
    );
    // The state is echoed escaped, never as markup.
    expect(html).toContain('value="st&lt;&quot;ate&gt;1"');
    expect(html).not.toContain('st<"ate>1');
  });

  it('sets its words in the dashboard’s typeface, served beside its stylesheet', async () => {
    const page = await api.app.request(`/authorization?${authorizeQuery()}`);
    expect(page.headers.get('content-security-policy')).toContain("font-src 'self'");
    const css = await (await api.app.request('/authorization.css')).text();
    expect(css).toMatch(
      /@font-face \{[^}]*font-family: "Inter Variable"[^}]*url\(authorization-font\.woff2\)/,
    );
    expect(css).toMatch(/:root \{[^}]*font-family: "Inter Variable", system-ui/);
    const font = await api.app.request('/authorization-font.woff2');
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    const bytes = new Uint8Array(await font.arrayBuffer());
    // A WOFF2 file starts with its signature, `wOF2`.
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('wOF2');
    expect(bytes.byteLength).toBeGreaterThan(10_000);
  });

  it('speaks the dashboard user’s chosen language, else the browser’s, else English', async () => {
    const read = async (headers: Record<string, string>) =>
      (await api.app.request(`/authorization?${authorizeQuery()}`, { headers })).text();
    const english = await read({});
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1>Sign in to the marketplace</h1>');
    const portuguese = await read({ 'accept-language': 'pt-BR,pt;q=0.9' });
    expect(portuguese).toContain('<html lang="pt-BR">');
    expect(portuguese).toContain('<h1>Entre no marketplace</h1>');
    expect(portuguese).toMatch(/SOPORTE_PALERMO \(MLA\), membro da equipe de TIENDA_PALERMO/);
    // The choice made in the dashboard (its cookie) outranks the browser's languages.
    const chosen = await read({ 'accept-language': 'pt-BR', cookie: 'mostrador_language=es' });
    expect(chosen).toContain('<html lang="es">');
    expect(chosen).toContain('<h2>Cuentas de demostración</h2>');
    expect(chosen).toMatch(
      /<strong>[^<]+<\/strong> pide leer tu cuenta, actuar en ella y seguir conectada mientras no estás\.</,
    );
    // The scope is said in words, never by its names.
    expect(chosen).not.toContain('offline_access');
    expect(english).not.toContain('offline_access');
    for (const nickname of DEMO_NICKNAMES) expect(chosen).toContain(`>${nickname} (`);
    const problem = await (
      await api.app.request(`/authorization?${authorizeQuery({ client_id: '999' })}`, {
        headers: { 'accept-language': 'es-MX' },
      })
    ).text();
    expect(problem).toContain('<h1>Problema al iniciar sesión</h1>');
    expect(problem).toContain('<p>Falta la aplicación o no se conoce (client_id).</p>');
  });

  it('speaks first the languages its client asks for (ui_locales), and posts its form with them', async () => {
    const read = async (uiLocales: string, headers: Record<string, string> = {}) =>
      (
        await api.app.request(`/authorization?${authorizeQuery({ ui_locales: uiLocales })}`, { headers })
      ).text();
    const asked = await read('pt-BR es', { 'accept-language': 'en', cookie: 'mostrador_language=es' });
    expect(asked).toContain('<html lang="pt-BR">');
    expect(asked).toContain('<form method="post" action="authorization?ui_locales=pt-BR+es">');
    // Languages the page does not speak are passed over; none it speaks: the other sources decide.
    expect(await read('de fr es-MX')).toContain('<html lang="es">');
    expect(await read('de', { 'accept-language': 'pt' })).toContain('<html lang="pt-BR">');

    const fields = authorizeQuery({ ui_locales: 'es' });
    fields.set('user_id', '0');
    const unlisted = await api.app.request(
      '/authorization?ui_locales=es',
      form(fields, { 'accept-language': 'en' }),
    );
    expect(unlisted.status).toBe(400);
    expect(await unlisted.text()).toContain('<p>Elige una de las cuentas de la lista.</p>');
  });

  it('says what went wrong with a posted form in the page’s language', async () => {
    const fields = authorizeQuery();
    fields.set('user_id', '0');
    const unlisted = await api.app.request(
      '/authorization',
      form(fields, { cookie: 'mostrador_language=pt-BR' }),
    );
    expect(unlisted.status).toBe(400);
    const portuguese = await unlisted.text();
    expect(portuguese).toContain('<html lang="pt-BR">');
    expect(portuguese).toContain('<h1>Problema ao entrar</h1>');
    expect(portuguese).toContain('<p>Escolha uma das contas da lista.</p>');
    fields.set('user_id', String(demoUser('TIENDA_PALERMO').id));
    const foreign = await api.app.request(
      '/authorization',
      form(fields, { origin: 'https://evil.example', 'accept-language': 'es-AR,es;q=0.9' }),
    );
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain(
      '<p>Este formulario solo se puede enviar desde la página de inicio de sesión.</p>',
    );
    const repeated = await api.app.request(`/authorization?${authorizeQuery()}&state=again`, {
      headers: { 'accept-language': 'en' },
    });
    expect(repeated.status).toBe(400);
    expect(await repeated.text()).toContain('<p>The parameter state was sent more than once.</p>');
  });

  it.each([
    ['an unknown client', { client_id: '999' }],
    ['a malformed client id', { client_id: 'abc' }],
    ['no client id', { client_id: undefined }],
    ['an unregistered redirect URI', { redirect_uri: 'http://127.0.0.1:4000/elsewhere' }],
    ['a redirect URI that only starts like a registered one', { redirect_uri: `${REDIRECT}/x` }],
    ['no redirect URI', { redirect_uri: undefined }],
  ])('shows an error page, never a redirect, for %s', async (_, overrides) => {
    const res = await api.app.request(`/authorization?${authorizeQuery(overrides)}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).not.toContain('name="user_id"');
  });

  it('refuses an application that has no client secret yet', async () => {
    await api.store.db
      .insertInto('applications')
      .values({
        id: 7_000_000_002,
        name: 'Unconfigured',
        owner_user_id: null,
        callback_url: null,
        topics: '[]',
        notifications_active: 1,
        date_created: SEED_NOW,
      })
      .execute();
    const res = await api.app.request(`/authorization?${authorizeQuery({ client_id: '7000000002' })}`);
    expect(res.status).toBe(400);
  });

  it.each([
    ['response_type=token', { response_type: 'token' }, 'unsupported_response_type'],
    ['no response_type', { response_type: undefined }, 'unsupported_response_type'],
    ['no code_challenge', { code_challenge: undefined }, 'invalid_request'],
    ['the plain method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['no code_challenge_method', { code_challenge_method: undefined }, 'invalid_request'],
    ['a challenge that is not S256 output', { code_challenge: 'short' }, 'invalid_request'],
    ['an unknown scope', { scope: 'read admin' }, 'invalid_scope'],
  ])('sends %s back to the redirect URI as an error, with the state', async (_, overrides, error) => {
    const res = await api.app.request(`/authorization?${authorizeQuery(overrides)}`);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe('st<"ate>1');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('refuses a repeated parameter', async () => {
    const query = authorizeQuery();
    query.append('redirect_uri', 'https://evil.example/cb');
    const res = await api.app.request(`/authorization?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('POST /authorization', () => {
  it('issues a code bound to the chosen demo account and redirects with the state', async () => {
    const code = await authorize('COMPRADORA_SAMPA');
    expect(code).toMatch(new RegExp(`^TG-[0-9a-f]{40}-${demoUser('COMPRADORA_SAMPA').id}$`));
    const row = await api.store.db.selectFrom('oauth_authorization_codes').selectAll().execute();
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('goes back with access_denied when the user cancels', async () => {
    const fields = authorizeQuery();
    fields.set('decision', 'deny');
    const res = await api.app.request('/authorization', form(fields));
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('refuses an account that is not on the page, a cross-origin post and a non-form body', async () => {
    const notDemo = api.buyers.length > 3 ? api.buyers[3] : undefined;
    const other = await api.store.db
      .selectFrom('users')
      .select('id')
      .where('demo_account', '=', 0)
      .executeTakeFirstOrThrow();
    for (const userId of [String(other.id), '0', 'abc', String(notDemo?.id ?? 1)]) {
      const fields = authorizeQuery();
      fields.set('user_id', userId);
      const res = await api.app.request('/authorization', form(fields));
      expect(res.status, userId).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
    const fields = authorizeQuery();
    fields.set('user_id', String(demoUser('TIENDA_PALERMO').id));
    const crossOrigin = await api.app.request(
      '/authorization',
      form(fields, { origin: 'https://evil.example' }),
    );
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.headers.get('location')).toBeNull();
    const json = await api.app.request('/authorization', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(fields)),
    });
    expect(json.status).toBe(400);
  });

  it('validates the request again instead of trusting the hidden fields', async () => {
    const fields = authorizeQuery({ redirect_uri: 'https://evil.example/cb' });
    fields.set('user_id', String(demoUser('TIENDA_PALERMO').id));
    const res = await api.app.request('/authorization', form(fields));
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('POST /oauth/token, authorization_code', () => {
  it('exchanges a code for a six-hour bearer token of the chosen user, without caching', async () => {
    const { verifier, challenge } = pkce();
    const code = await authorize('BAZAR_COYOACAN', challenge);
    const res = await exchange(code, verifier);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    const body = oauthTokenResponseSchema.parse(await res.json());
    const user = demoUser('BAZAR_COYOACAN');
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 21_600,
      scope: 'offline_access read write',
      user_id: user.id,
    });
    expect(Object.keys(body)).toEqual([
      'access_token',
      'token_type',
      'expires_in',
      'scope',
      'user_id',
      'refresh_token',
    ]);
    expect(body.access_token).toMatch(
      new RegExp(`^APP_USR-${DEMO_APPLICATION_ID}-\\d{6}-[0-9a-f]{32}-${user.id}$`),
    );
    expect(body.refresh_token).toMatch(/^TG-[0-9a-f]{40}-\d+$/);
    const me = userPrivateSchema.parse(await api.json('/users/me', body.access_token));
    expect(me.id).toBe(user.id);
  });

  it('accepts a JSON body and HTTP Basic client authentication', async () => {
    const first = pkce();
    const viaJson = await token(
      {
        grant_type: 'authorization_code',
        client_id: String(DEMO_APPLICATION_ID),
        client_secret: SECRET,
        code: await authorize('TIENDA_PALERMO', first.challenge),
        redirect_uri: REDIRECT,
        code_verifier: first.verifier,
      },
      { json: true },
    );
    expect(viaJson.status).toBe(200);
    oauthTokenResponseSchema.parse(await viaJson.json());

    const second = pkce();
    const viaBasic = await token(
      {
        grant_type: 'authorization_code',
        code: await authorize('TIENDA_PALERMO', second.challenge),
        redirect_uri: REDIRECT,
        code_verifier: second.verifier,
      },
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${DEMO_APPLICATION_ID}:${SECRET}`).toString('base64')}`,
        },
      },
    );
    expect(viaBasic.status).toBe(200);
  });

  it('takes a code once; a second use is refused and revokes what the first one issued', async () => {
    const { verifier, challenge } = pkce();
    const code = await authorize('TIENDA_PALERMO', challenge);
    const first = oauthTokenResponseSchema.parse(await (await exchange(code, verifier)).json());
    expect(await meStatus(first.access_token)).toBe(200);
    const body = await expectOAuthError(await exchange(code, verifier), 400, 'invalid_grant');
    expect(body.error_description).toBe(
      'Error validating grant. Your authorization code or refresh token may be expired or it was already used',
    );
    expect(await meStatus(first.access_token)).toBe(401);
    await expectOAuthError(await refresh(first.refresh_token!), 400, 'invalid_grant');
  });

  it('verifies PKCE, and a failed attempt spends the code', async () => {
    const { verifier, challenge } = pkce();
    const code = await authorize('TIENDA_PALERMO', challenge);
    await expectOAuthError(await exchange(code, pkce().verifier), 400, 'invalid_grant');
    await expectOAuthError(await exchange(code, verifier), 400, 'invalid_grant');
  });

  it('binds the code to its redirect URI and its client', async () => {
    const one = pkce();
    const code = await authorize('TIENDA_PALERMO', one.challenge);
    await expectOAuthError(
      await exchange(code, one.verifier, { redirect_uri: 'https://mostrador.example/bff/callback' }),
      400,
      'invalid_grant',
    );
    const two = pkce();
    const other = await authorize('TIENDA_PALERMO', two.challenge);
    await expectOAuthError(
      await exchange(other, two.verifier, { client_id: String(OTHER_APP), client_secret: OTHER_SECRET }),
      400,
      'invalid_grant',
    );
  });

  it('refuses an expired code', async () => {
    const { verifier, challenge } = pkce();
    const code = await authorize('TIENDA_PALERMO', challenge);
    now += 5 * 60 * 1000 + 1;
    try {
      await expectOAuthError(await exchange(code, verifier), 400, 'invalid_grant');
    } finally {
      now = SEED_NOW;
    }
  });

  it('refuses an unknown code', async () => {
    await expectOAuthError(await exchange('TG-nothing-1', pkce().verifier), 400, 'invalid_grant');
  });

  it.each([
    ['a wrong secret', { client_secret: 'x'.repeat(40) }, 401, 'invalid_client'],
    ['an unknown client', { client_id: '123456' }, 401, 'invalid_client'],
    ['a malformed client id', { client_id: 'app' }, 401, 'invalid_client'],
    ['no client secret', { client_secret: '' }, 400, 'invalid_request'],
    ['no grant type', { grant_type: '' }, 400, 'invalid_request'],
    ['an unsupported grant type', { grant_type: 'password' }, 400, 'unsupported_grant_type'],
    ['no code verifier', { code_verifier: '' }, 400, 'invalid_request'],
    ['a malformed code verifier', { code_verifier: 'short' }, 400, 'invalid_request'],
    ['no redirect URI', { redirect_uri: '' }, 400, 'invalid_request'],
  ])('answers %s in the OAuth error format', async (_, extra, status, code) => {
    const { verifier, challenge } = pkce();
    const issued = await authorize('TIENDA_PALERMO', challenge);
    await expectOAuthError(await exchange(issued, verifier, extra), status, code);
  });

  it('refuses other bodies, repeated parameters, unknown JSON members and two ways of client authentication', async () => {
    const text = await api.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'grant_type=authorization_code',
    });
    await expectOAuthError(text, 400, 'invalid_request');
    const repeated = await api.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&grant_type=authorization_code&client_id=${DEMO_APPLICATION_ID}`,
    });
    await expectOAuthError(repeated, 400, 'invalid_request');
    const unknown = await token(
      { grant_type: 'refresh_token', refresh_token: 'x', extra: '1' },
      { json: true },
    );
    await expectOAuthError(unknown, 400, 'invalid_request');
    const malformed = await api.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    await expectOAuthError(malformed, 400, 'invalid_request');
    const both = await token(
      { grant_type: 'refresh_token', client_secret: SECRET, refresh_token: 'x' },
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${DEMO_APPLICATION_ID}:${SECRET}`).toString('base64')}`,
        },
      },
    );
    await expectOAuthError(both, 400, 'invalid_request');
    const tooBig = await token({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(20_000) });
    await expectOAuthError(tooBig, 413, 'invalid_request');
  });

  it('matches the recorded platform error body member for member', async () => {
    const recorded = JSON.parse(
      readFileSync(
        new URL(
          '../../../contracts/fixtures/real/errors/ralvarezdev-mercadolibre-go-sdk-9.json',
          import.meta.url,
        ),
        'utf8',
      ),
    );
    const res = await exchange('TG-unknown-1', pkce().verifier);
    expect(await res.json()).toEqual(recorded);
  });

  it('keeps only hashes of codes and tokens', async () => {
    const issued = await signIn('COMPRADOR_POLANCO');
    const dump = JSON.stringify([
      await api.store.db.selectFrom('access_tokens').selectAll().execute(),
      await api.store.db.selectFrom('oauth_refresh_tokens').selectAll().execute(),
      await api.store.db.selectFrom('applications').selectAll().execute(),
    ]);
    expect(dump).not.toContain(issued.access_token);
    expect(dump).not.toContain(issued.refresh_token);
    expect(dump).not.toContain(SECRET);
  });
});

describe('POST /oauth/token, refresh_token', () => {
  it('rotates: a new pair of the same user, and the old refresh token is spent', async () => {
    const first = await signIn('COMPRADOR_BELGRANO');
    const res = await refresh(first.refresh_token!);
    expect(res.status).toBe(200);
    const second = oauthTokenResponseSchema.parse(await res.json());
    expect(second.user_id).toBe(first.user_id);
    expect(second.expires_in).toBe(21_600);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await meStatus(second.access_token)).toBe(200);
    const third = oauthTokenResponseSchema.parse(await (await refresh(second.refresh_token!)).json());
    expect(await meStatus(third.access_token)).toBe(200);
  });

  it('refuses a reused refresh token and revokes its whole family', async () => {
    const first = await signIn('COMPRADOR_BELGRANO');
    const second = oauthTokenResponseSchema.parse(await (await refresh(first.refresh_token!)).json());
    await expectOAuthError(await refresh(first.refresh_token!), 400, 'invalid_grant');
    expect(await meStatus(second.access_token)).toBe(401);
    expect(await meStatus(first.access_token)).toBe(401);
    await expectOAuthError(await refresh(second.refresh_token!), 400, 'invalid_grant');
    // Another sign-in of the same user is another family and keeps working.
    const other = await signIn('COMPRADOR_BELGRANO');
    expect(await meStatus(other.access_token)).toBe(200);
  });

  it('binds the refresh token to its client and refuses a wider scope', async () => {
    const issued = await signIn();
    await expectOAuthError(
      await refresh(issued.refresh_token!, { client_id: String(OTHER_APP), client_secret: OTHER_SECRET }),
      400,
      'invalid_grant',
    );
    await expectOAuthError(
      await refresh(issued.refresh_token!, { scope: 'read admin' }),
      400,
      'invalid_scope',
    );
    expect((await refresh(issued.refresh_token!, { scope: 'read' })).status).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const issued = await signIn();
    now += 181 * 24 * 60 * 60 * 1000;
    try {
      await expectOAuthError(await refresh(issued.refresh_token!), 400, 'invalid_grant');
    } finally {
      now = SEED_NOW;
    }
  });

  it('ends with the grant: revoking the application stops refreshes', async () => {
    const issued = await signIn('LOJA_PINHEIROS');
    const res = await api.app.request(`/users/${issued.user_id}/applications/${DEMO_APPLICATION_ID}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${issued.access_token}` },
    });
    expect(res.status).toBe(200);
    await expectOAuthError(await refresh(issued.refresh_token!), 400, 'invalid_grant');
  });
});

describe('resources', () => {
  it('describes /oauth/token and /authorization with OPTIONS', async () => {
    for (const path of ['/oauth/token', '/authorization']) {
      const res = await api.app.request(path, { method: 'OPTIONS' });
      expect(res.status).toBe(200);
      optionsDescriptionSchema.parse(await res.json());
    }
  });

  it('answers 405 for a GET of the token endpoint', async () => {
    expect((await api.app.request('/oauth/token')).status).toBe(405);
  });
});

describe('configureOAuthClient', () => {
  it('refuses plain-HTTP redirect URIs off the loopback, fragments, short secrets and unknown applications', async () => {
    const base = { applicationId: DEMO_APPLICATION_ID, clientSecret: SECRET, redirectUris: [REDIRECT] };
    for (const uri of [
      'http://example.com/cb',
      'https://example.com/cb#x',
      'not a url',
      'javascript:alert(1)',
    ]) {
      await expect(configureOAuthClient(api.store, { ...base, redirectUris: [uri] })).rejects.toThrow();
    }
    await expect(configureOAuthClient(api.store, { ...base, clientSecret: 'short' })).rejects.toThrow();
    await expect(configureOAuthClient(api.store, { ...base, applicationId: 42 })).rejects.toThrow();
    // A failed call changed nothing: the registered URI still works.
    expect((await api.app.request(`/authorization?${authorizeQuery()}`)).status).toBe(200);
  });
});
