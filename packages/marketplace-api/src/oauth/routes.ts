import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  OAUTH_SCOPES,
  type OAuthErrorCode,
  oauthErrorSchema,
  oauthTokenResponseSchema,
} from '@mostrador/contracts';
import type { Context, ErrorHandler } from 'hono';
import type { Clock } from '../domain/time.ts';
import type { ApiEnv } from '../http/env.ts';
import { json } from '../http/json-answer.ts';
import { defineResource } from '../http/resources.ts';
import type { OperatorRepository } from '../users/operator-repository.ts';
import { type AuthorizationProblem, authorizationWords } from './authorization-words.ts';
import type { OAuthRepository } from './oauth-repository.ts';
import { GRANTED_SCOPE, type IssuedTokens, secretMatches } from './oauth-repository.ts';

/** What the authorization server needs. */
export interface OAuthRoutesDeps {
  clock: Clock;
  oauth: OAuthRepository;
  operators: OperatorRepository;
}

const MAX_BODY_BYTES = 16 * 1024;
const APPLICATION_ID = /^[1-9]\d{0,17}$/;
const USER_ID = /^[1-9]\d{0,17}$/;
// RFC 7636 4.1/4.2: a verifier is 43–128 unreserved characters; an S256 challenge is 43 base64url characters.
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE = 512;
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** A failure of the token endpoint, rendered in the OAuth error format (RFC 6749 5.2), not the API's. */
export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly status = code === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
  }
}

/** A failure shown on the sign-in page itself, named by what went wrong so the page can say it in its language. */
class AuthorizationPageError extends Error {
  constructor(
    readonly status: 400 | 403,
    readonly problem: AuthorizationProblem,
  ) {
    super(problem.kind);
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** Reads parameters once each: a repeated parameter is a malformed request (RFC 6749 3.1, 3.2). */
function singleValued(params: URLSearchParams): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name in out) return name;
    // Parameters sent without a value are treated as omitted (RFC 6749 3.1).
    if (value !== '') out[name] = value;
  }
  return out;
}

interface AuthorizationRequest {
  clientId: number;
  clientName: string;
  redirectUri: string;
  state: string | undefined;
  challenge: string;
  scope: string;
}

const AUTHORIZATION_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
];

// The dashboard's typeface (Inter, SIL Open Font License), its Latin subset: Spanish, Portuguese and English.
const SIGN_IN_CSS = `@font-face { font-family: "Inter Variable"; font-style: normal; font-display: swap;
  font-weight: 100 900; src: url(authorization-font.woff2) format("woff2-variations"); }
:root { color-scheme: light dark; --bg: #f6f7f9; --card: #fff; --text: #111827; --muted: #5b6472;
  --line: #e3e6eb; --accent: #4f46e5; --hover: #f1f2ff;
  font-family: "Inter Variable", system-ui, -apple-system, "Segoe UI", sans-serif; }
@media (prefers-color-scheme: dark) { :root { --bg: #0f1115; --card: #171a21; --text: #e8eaf0; --muted: #9aa3b2;
  --line: #2a2f3a; --accent: #8b85ff; --hover: #1f2233; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text);
  font-size: 14px; line-height: 1.5; }
.card { width: min(420px, calc(100vw - 32px)); background: var(--card); border: 1px solid var(--line); border-radius: 12px;
  padding: 28px; box-shadow: 0 1px 2px rgb(0 0 0 / 4%), 0 8px 24px rgb(0 0 0 / 6%); }
h1 { font-size: 18px; margin: 0 0 6px; }
h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 22px 0 4px; }
p { margin: 0 0 8px; color: var(--muted); }
p strong { color: var(--text); }
.accounts { list-style: none; padding: 0; margin: 8px 0 16px; display: grid; gap: 6px; }
button { font: inherit; cursor: pointer; }
.accounts button { width: 100%; display: flex; justify-content: space-between; align-items: center; padding: 9px 12px;
  border: 1px solid var(--line); border-radius: 8px; background: transparent; color: var(--text); text-align: left;
  font-weight: 600; }
.accounts button:hover { background: var(--hover); border-color: var(--accent); }
button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.quiet { border: 0; background: none; color: var(--muted); padding: 4px 0; }
.quiet:hover { color: var(--text); }
`;

function page(title: string, body: string, language: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="authorization.css">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>
`;
}

/** Failures of the token endpoint in the OAuth format, and of the sign-in page as a page; the rest as the API's. */
export const oauthErrors: ErrorHandler<ApiEnv> = (error, c) => {
  if (error instanceof OAuthError) {
    const body = {
      error_description: error.description,
      error: error.code,
      status: error.status,
      cause: [],
    };
    const headers: Record<string, string> = { ...NO_STORE };
    if (error.code === 'invalid_client' && c.req.header('authorization')?.match(/^basic\s/i)) {
      headers['WWW-Authenticate'] = 'Basic realm="oauth"';
    }
    return json(c, body, error.status as 400, headers);
  }
  if (error instanceof AuthorizationPageError) {
    const { language, words } = authorizationWords(c);
    return pageResponse(
      c,
      error.status,
      page(
        words.problemTitle,
        `<h1>${escapeHtml(words.problemTitle)}</h1>\n<p>${escapeHtml(words.problem(error.problem))}</p>`,
        language,
      ),
    );
  }
  throw error;
};

function pageResponse(c: Context, status: number, html: string, formTarget?: string) {
  // No scripts and no styles at all; the form may post here and be redirected to the client's redirect URI.
  const formAction = ["'self'", formTarget].filter(Boolean).join(' ');
  return c.body(html, status as 200, {
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; img-src data:; style-src 'self'; font-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'; object-src 'none'`,
    'X-Frame-Options': 'DENY',
    // Not `no-referrer`: it would make the form's own post arrive with `Origin: null`.
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
  });
}

/**
 * Checks an authorization request in RFC 6749 4.1.2.1 order: a bad client or redirect URI is shown to the user
 * (never redirected to an address nobody vouched for); anything else goes back to the client's redirect URI.
 */
async function validateAuthorization(
  deps: OAuthRoutesDeps,
  params: Record<string, string>,
): Promise<
  AuthorizationRequest | { redirectError: string; description: string; redirectUri: string; state?: string }
> {
  const clientId = params.client_id;
  if (!clientId || !APPLICATION_ID.test(clientId)) {
    throw new AuthorizationPageError(400, { kind: 'unknown_client' });
  }
  const client = await deps.oauth.findClient(Number(clientId));
  if (!client?.secretHash) {
    throw new AuthorizationPageError(400, { kind: 'unknown_client' });
  }
  const redirectUri = params.redirect_uri;
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    throw new AuthorizationPageError(400, { kind: 'unregistered_redirect_uri' });
  }
  const state = params.state;
  const back = (redirectError: string, description: string) => ({
    redirectError,
    description,
    redirectUri,
    ...(state !== undefined && state.length <= MAX_STATE ? { state } : {}),
  });
  if (state !== undefined && state.length > MAX_STATE) {
    return back('invalid_request', `state must be at most ${MAX_STATE} characters`);
  }
  if (params.response_type !== 'code') {
    return back('unsupported_response_type', 'response_type must be code');
  }
  if (!params.code_challenge) return back('invalid_request', 'code_challenge is required (PKCE)');
  if (params.code_challenge_method !== 'S256') {
    return back('invalid_request', 'code_challenge_method must be S256');
  }
  if (!S256_CHALLENGE.test(params.code_challenge)) {
    return back('invalid_request', 'code_challenge must be 43 base64url characters');
  }
  // Every grant carries the whole scope; asking for less is accepted, asking for more is not.
  const scope = GRANTED_SCOPE;
  if (params.scope !== undefined) {
    const asked = params.scope.split(' ');
    if (asked.some((s) => !(OAUTH_SCOPES as readonly string[]).includes(s))) {
      return back('invalid_scope', `scope may only name ${OAUTH_SCOPES.join(', ')}`);
    }
  }
  return {
    clientId: client.id,
    clientName: client.name,
    redirectUri,
    state,
    challenge: params.code_challenge,
    scope,
  };
}

function redirectTo(c: Context, redirectUri: string, params: Record<string, string | undefined>) {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) target.searchParams.set(name, value);
  return c.body(null, 303, {
    Location: target.toString(),
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
}

/** A refused authorization request, sent back to the client's redirect URI (RFC 6749 4.1.2.1). */
function redirectError(
  c: Context,
  request: { redirectError: string; description: string; redirectUri: string; state?: string },
) {
  return redirectTo(c, request.redirectUri, {
    error: request.redirectError,
    error_description: request.description,
    state: request.state,
  });
}

async function authenticateClient(
  deps: OAuthRoutesDeps,
  c: Context,
  params: Record<string, string>,
): Promise<number> {
  let clientId = params.client_id;
  let secret = params.client_secret;
  const basic = /^basic\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (basic) {
    // RFC 6749 2.3: one way of authenticating per request.
    if (secret !== undefined) throw new OAuthError('invalid_request', 'use one client authentication method');
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_client', 'client authentication failed');
    const basicId = decodeURIComponent(decoded.slice(0, colon));
    if (clientId !== undefined && clientId !== basicId) {
      throw new OAuthError('invalid_client', 'client authentication failed');
    }
    clientId = basicId;
    secret = decodeURIComponent(decoded.slice(colon + 1));
  }
  if (!params.grant_type) throw new OAuthError('invalid_request', 'grant_type is required');
  if (clientId === undefined) throw new OAuthError('invalid_request', 'client_id is required');
  if (secret === undefined) throw new OAuthError('invalid_request', 'client_secret is required');
  if (!APPLICATION_ID.test(clientId) || secret.length > 256) {
    throw new OAuthError('invalid_client', 'client authentication failed');
  }
  const client = await deps.oauth.findClient(Number(clientId));
  if (!client || !secretMatches(secret, client.secretHash)) {
    throw new OAuthError('invalid_client', 'client authentication failed');
  }
  return client.id;
}

const TOKEN_FIELDS = new Set([
  'grant_type',
  'client_id',
  'client_secret',
  'code',
  'redirect_uri',
  'code_verifier',
  'refresh_token',
  'scope',
]);

const invalidGrant = () =>
  new OAuthError(
    'invalid_grant',
    'Error validating grant. Your authorization code or refresh token may be expired or it was already used',
  );

function required(params: Record<string, string>, name: string): string {
  const value = params[name];
  if (value === undefined) throw new OAuthError('invalid_request', `${name} is required`);
  if (value.length > 512) throw new OAuthError('invalid_request', `${name} is too long`);
  return value;
}

/**
 * The platform documents form posts; JSON is accepted too. Forms follow RFC 6749 (unknown parameters ignored,
 * repeated ones refused); JSON follows this API's rule for bodies (unknown members refused) — decision 0030.
 */
async function readTokenRequest(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  const isForm = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type);
  const isJson = /^application\/json\s*(;|$)/i.test(type);
  if (!isForm && !isJson) {
    throw new OAuthError(
      'invalid_request',
      'the body must be application/x-www-form-urlencoded or application/json',
    );
  }
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) {
    throw new OAuthError('invalid_request', 'the body is too large', 413);
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES)
    throw new OAuthError('invalid_request', 'the body is too large', 413);
  if (isForm) {
    const params = singleValued(new URLSearchParams(text));
    if (typeof params === 'string') {
      throw new OAuthError('invalid_request', `${params.slice(0, 40)} was sent more than once`);
    }
    return params;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new OAuthError('invalid_request', 'the body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new OAuthError('invalid_request', 'the body must be a JSON object');
  }
  const out: Record<string, string> = {};
  for (const [name, member] of Object.entries(value)) {
    if (!TOKEN_FIELDS.has(name))
      throw new OAuthError('invalid_request', `unknown field ${name.slice(0, 40)}`);
    if (typeof member === 'number' && Number.isSafeInteger(member) && name === 'client_id')
      out[name] = String(member);
    else if (typeof member === 'string') {
      if (member !== '') out[name] = member;
    } else throw new OAuthError('invalid_request', `${name} must be a string`);
  }
  return out;
}

export const authorizationStylesheet = defineResource({
  path: '/authorization.css',
  name: 'Sign-in page style',
  description: 'The only style of the sign-in page: a file, so the page needs no inline style under any CSP.',
  attributes: {},
  related_resources: ['/authorization'],
  connections: { page: '/authorization' },
  methods: {
    GET: {
      example: '/authorization.css',
      description: 'The stylesheet (text/css), cacheable for an hour.',
      contentType: 'text/css; charset=UTF-8',
      auth: 'none',
      handle: (c) =>
        c.body(SIGN_IN_CSS, 200, {
          'Content-Type': 'text/css; charset=UTF-8',
          'Cache-Control': 'public, max-age=3600',
        }),
    },
  },
});

const FONT_FILE = createRequire(import.meta.url).resolve(
  '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
);
let font: Promise<Uint8Array<ArrayBuffer>> | undefined;

export const authorizationFont = defineResource({
  path: '/authorization-font.woff2',
  name: 'Sign-in page typeface',
  description:
    'The typeface of the sign-in page (Inter, SIL Open Font License 1.1), as the dashboard uses it.',
  attributes: {},
  related_resources: ['/authorization.css'],
  connections: { stylesheet: '/authorization.css' },
  methods: {
    GET: {
      example: '/authorization-font.woff2',
      description: 'The font file (font/woff2), cacheable for a day.',
      contentType: 'font/woff2',
      auth: 'none',
      handle: async (c) => {
        // Read once, in the form an answer's body takes.
        font ??= readFile(FONT_FILE).then((file) => new Uint8Array(file));
        return c.body(await font, 200, {
          'Content-Type': 'font/woff2',
          'Cache-Control': 'public, max-age=86400',
        });
      },
    },
  },
});

export const authorization = defineResource({
  path: '/authorization',
  name: 'Authorization',
  description:
    'Start of the OAuth 2.0 authorization-code flow with PKCE (S256): a sign-in page listing the demo accounts; ' +
    'posting it redirects to the redirect URI with a single-use code and the state.',
  attributes: {
    response_type: 'Must be code.',
    client_id: 'The application id.',
    redirect_uri: 'One of the redirect URIs the application registered, exactly.',
    state: 'Opaque value returned unchanged.',
    code_challenge: 'BASE64URL(SHA-256(code_verifier)).',
    code_challenge_method: 'Must be S256.',
  },
  related_resources: ['/oauth/token'],
  connections: { token: '/oauth/token' },
  methods: {
    GET: {
      example:
        '/authorization?response_type=code&client_id=5503910054141466&redirect_uri=…&state=…&code_challenge=…&code_challenge_method=S256',
      description: 'Sign-in page (HTML).',
      query: {
        response_type: 'Required: code.',
        client_id: 'Required: the application id.',
        redirect_uri: 'Required: one of the redirect URIs the application registered.',
        state: 'Opaque value returned unchanged, at most 512 characters.',
        code_challenge: 'Required: BASE64URL(SHA-256(code_verifier)).',
        code_challenge_method: 'Required: S256.',
        scope: 'Scopes asked for, space-separated: offline_access, read, write.',
      },
      contentType: 'text/html; charset=UTF-8',
      responseHeaders: {
        'Content-Security-Policy': 'No scripts, no inline styles; the form posts here only.',
      },
      // A missing or unknown client or redirect URI is shown to the user, never sent back to an unvouched address.
      errorBody: { contentType: 'text/html; charset=UTF-8' },
      auth: 'none',
      async handle(c, deps: OAuthRoutesDeps) {
        const params = singleValued(new URL(c.req.url).searchParams);
        if (typeof params === 'string') {
          throw new AuthorizationPageError(400, { kind: 'repeated_parameter', name: params.slice(0, 40) });
        }
        const request = await validateAuthorization(deps, params);
        if ('redirectError' in request) return redirectError(c, request);
        const accounts = await deps.oauth.demoAccounts();
        const { language, words } = authorizationWords(c);
        const hidden = AUTHORIZATION_PARAMS.filter((name) => params[name] !== undefined)
          .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name]!)}">`)
          .join('\n');
        // Demo users on a seller's team are listed apart, with the accounts they act for (decision 0104).
        const operated = await Promise.all(accounts.map((a) => deps.operators.operatedBy(a.id)));
        const button = (a: (typeof accounts)[number], note = '') =>
          `<li><button type="submit" name="user_id" value="${a.id}">${escapeHtml(a.nickname)} (${escapeHtml(a.siteId)})${note}</button></li>`;
        const buttons = accounts
          .filter((_, i) => operated[i]!.length === 0)
          .map((a) => button(a))
          .join('\n');
        const members = accounts
          .map((a, i) => ({ a, of: operated[i]! }))
          .filter(({ of }) => of.length > 0)
          .map(({ a, of }) => button(a, escapeHtml(words.teamMemberOf(of.map((o) => o.nickname).join(', ')))))
          .join('\n');
        // A relative action posts back to this same resource wherever the API is mounted (`/api/authorization`);
        // the languages asked for go with it, so a problem with the answer is said in the page's language.
        const uiLocales =
          params.ui_locales === undefined ? '' : `?${new URLSearchParams({ ui_locales: params.ui_locales })}`;
        const html = page(
          words.title,
          `<h1>${escapeHtml(words.heading)}</h1>
<p>${words.asks(`<strong>${escapeHtml(request.clientName)}</strong>`)}</p>
<form method="post" action="authorization${uiLocales}">
${hidden}
<h2>${escapeHtml(words.demoAccounts)}</h2>
<p class="hint">${escapeHtml(words.choose)}</p>
<ul class="accounts">
${buttons}
</ul>
${
  members === ''
    ? ''
    : `<h2>${escapeHtml(words.teamMembers)}</h2>
<p class="hint">${escapeHtml(words.teamHint)}</p>
<ul class="accounts">
${members}
</ul>`
}
<p><button class="quiet" type="submit" name="decision" value="deny">${escapeHtml(words.cancel)}</button></p>
</form>`,
          language,
        );
        return pageResponse(c, 200, html, new URL(request.redirectUri).origin);
      },
    },
    POST: {
      example: '/authorization',
      description:
        'Chooses an account (form field user_id) or cancels (decision=deny); answers 303 to the redirect URI.',
      status: 303,
      responseHeaders: { Location: 'The redirect URI with the code and state, or with the error.' },
      errorBody: { contentType: 'text/html; charset=UTF-8' },
      auth: 'none',
      async handle(c, deps: OAuthRoutesDeps) {
        // Forms post from this page only; a cross-origin post is somebody else's page speaking for the user.
        const origin = c.req.header('origin');
        if (origin !== undefined && origin !== new URL(c.req.url).origin) {
          throw new AuthorizationPageError(403, { kind: 'foreign_form' });
        }
        const type = c.req.header('content-type') ?? '';
        if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
          throw new AuthorizationPageError(400, { kind: 'not_a_form' });
        }
        const text = await c.req.text();
        if (Buffer.byteLength(text) > MAX_BODY_BYTES)
          throw new AuthorizationPageError(400, { kind: 'form_too_large' });
        const params = singleValued(new URLSearchParams(text));
        if (typeof params === 'string') {
          throw new AuthorizationPageError(400, { kind: 'repeated_field', name: params.slice(0, 40) });
        }
        const request = await validateAuthorization(deps, params);
        if ('redirectError' in request) return redirectError(c, request);
        if (params.decision === 'deny') {
          return redirectTo(c, request.redirectUri, {
            error: 'access_denied',
            error_description: 'the user cancelled the sign-in',
            state: request.state,
          });
        }
        const userId = params.user_id;
        if (!userId || !USER_ID.test(userId) || !(await deps.oauth.isDemoAccount(Number(userId)))) {
          throw new AuthorizationPageError(400, { kind: 'unlisted_account' });
        }
        const code = await deps.oauth.createCode(
          {
            applicationId: request.clientId,
            userId: Number(userId),
            redirectUri: request.redirectUri,
            challenge: request.challenge,
            scope: request.scope,
          },
          deps.clock().getTime(),
        );
        return redirectTo(c, request.redirectUri, { code, state: request.state });
      },
    },
  },
});

export const oauthToken = defineResource({
  path: '/oauth/token',
  name: 'OAuth token',
  description:
    'Exchanges an authorization code (grant_type=authorization_code, with code_verifier) or a refresh token ' +
    '(grant_type=refresh_token, single use, rotated) for a six-hour access token. Errors use the OAuth format.',
  attributes: {
    access_token: 'Bearer token for the API, valid expires_in seconds.',
    token_type: 'Bearer.',
    expires_in: 'Seconds of validity (21600).',
    scope: 'Granted scopes.',
    user_id: 'The user the token acts for.',
    refresh_token: 'Single-use token for the next refresh.',
  },
  related_resources: ['/authorization'],
  connections: {},
  methods: {
    POST: {
      example: '/oauth/token',
      description: 'Issue tokens (application/x-www-form-urlencoded or application/json).',
      response: oauthTokenResponseSchema,
      // Errors in the OAuth format (RFC 6749 5.2): 400, or 401 invalid_client.
      errorBody: { schema: oauthErrorSchema },
      errors: [401],
      auth: 'none',
      async handle(c, deps: OAuthRoutesDeps) {
        const params = await readTokenRequest(c);
        const client = await authenticateClient(deps, c, params);
        const now = deps.clock().getTime();
        const grantType = params.grant_type;
        let issued: IssuedTokens;
        if (grantType === 'authorization_code') {
          const code = required(params, 'code');
          const redirectUri = required(params, 'redirect_uri');
          const verifier = required(params, 'code_verifier');
          if (!CODE_VERIFIER.test(verifier)) {
            throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters');
          }
          const exchange = await deps.oauth.consumeCode(code, now);
          if (!exchange.ok) throw invalidGrant();
          const grant = exchange.code;
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          if (
            grant.applicationId !== client ||
            grant.redirectUri !== redirectUri ||
            grant.challenge !== challenge
          ) {
            throw invalidGrant();
          }
          issued = await deps.oauth.issueForCode(code, grant, now);
        } else if (grantType === 'refresh_token') {
          const refreshToken = required(params, 'refresh_token');
          if (params.scope !== undefined) {
            const granted = GRANTED_SCOPE.split(' ');
            if (params.scope.split(' ').some((s) => !granted.includes(s))) {
              throw new OAuthError('invalid_scope', 'a refresh may not widen the granted scope');
            }
          }
          const result = await deps.oauth.rotateRefreshToken(refreshToken, client, now);
          if (!result.ok) throw invalidGrant();
          issued = result.tokens;
        } else {
          throw new OAuthError(
            'unsupported_grant_type',
            'grant_type must be authorization_code or refresh_token',
          );
        }
        const body = {
          access_token: issued.accessToken,
          token_type: 'Bearer',
          expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
          scope: issued.scope,
          user_id: issued.userId,
          refresh_token: issued.refreshToken,
        };
        return json(c, body, 200, NO_STORE);
      },
    },
  },
});
