import { Writable } from 'node:stream';
import {
  configureOAuthClient,
  createMarketplaceApi,
  DEMO_APPLICATION_ID,
  ensureDemoData,
  type SeedManifest,
  type Store,
} from '@mostrador/marketplace-api';
import { openTestStore } from '@mostrador/marketplace-api/test-support';
import { createLogger } from '@mostrador/server-kit/logger';
import { expect } from 'vitest';
import { type BffDeps, createBffApp } from './app.ts';
import { type BffDatabase, type BffStore, migrateBff, openBffStore } from './db/migrate.ts';
import { API_BASE_PATH, type FetchApp } from './marketplace.ts';
import type { Limits } from './middleware/limits.ts';

export const ORIGIN = 'http://127.0.0.1:4000';
export const CLIENT_SECRET = 'bff-test-client-secret-0123456789abcdef';
/** Generous limits, so only the tests about limits meet them. */
export const LOOSE_LIMITS: Partial<Limits> = {
  ratePerMinute: 100_000,
  signInPer15Minutes: 100_000,
  invalidBeforeBlock: 0,
};

/** A store with the BFF's tables only, for tests that need no marketplace data. */
export async function emptyStore(): Promise<BffStore & { close(): Promise<void> }> {
  return openBffStore({ file: ':memory:' });
}

export interface Kit {
  /** The embedded marketplace's store. */
  store: Store;
  /** The BFF's tables in it. */
  bffStore: BffStore;
  manifest: SeedManifest;
  bff: ReturnType<typeof createBffApp>;
  /** Every token the marketplace's token endpoint issued: none may ever reach a browser or a log. */
  issued: Set<string>;
  /** Calls the marketplace received, as `METHOD /path` (the path from the API's root, without `/api`). */
  upstream: string[];
  logs: string[];
  now(): number;
  advance(ms: number): void;
  user(nickname: string): SeedManifest['users'][number];
  browser(address?: string): Browser;
}

export interface KitOptions {
  limits?: Partial<Limits>;
  /** Wraps the marketplace (a remote one, a slow one…). */
  marketplace?: (embedded: FetchApp, store: Store) => FetchApp;
  authorizationUrl?: string;
  publicOrigins?: string[];
  /** The address the limits see for requests that do not name one. */
  address?: string;
  /** More of the BFF's dependencies (live updates, the simulator…). */
  bff?: Partial<BffDeps>;
}

/** A seeded marketplace and a BFF over the same in-memory store, sharing one movable clock. */
export async function createKit(options: KitOptions = {}): Promise<Kit> {
  let now = Date.now();
  // The store users run: a SQLite file in a temporary folder, or PostgreSQL with TEST_DATABASE_URL.
  const store = await openTestStore();
  const manifest = await ensureDemoData(store, { orders: 60, seed: 3 });
  if (!manifest) throw new Error('the store was not empty');
  const bffStore = store.tables<BffDatabase>();
  await migrateBff(bffStore);
  const origins = options.publicOrigins ?? [ORIGIN, 'http://localhost:4000'];
  await configureOAuthClient(store, {
    applicationId: DEMO_APPLICATION_ID,
    clientSecret: CLIENT_SECRET,
    // The platform takes HTTPS or loopback callbacks only; a plain-HTTP LAN origin can start a sign-in, no more.
    redirectUris: [
      ORIGIN,
      ...origins.filter((o) => /^https:|^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(o)),
    ].map((o) => `${o}/bff/callback`),
  });
  const embedded = createMarketplaceApi({ store, clock: () => new Date(now), basePath: API_BASE_PATH });
  const issued = new Set<string>();
  const upstream: string[] = [];
  const inner: FetchApp = options.marketplace ? options.marketplace(embedded, store) : embedded;
  const marketplace: FetchApp = {
    async fetch(request) {
      // As the marketplace names its resources: from the API's root.
      const path = new URL(request.url).pathname.slice(API_BASE_PATH.length);
      upstream.push(`${request.method} ${path}`);
      const res = await inner.fetch(request);
      if (path === '/oauth/token' && res.status === 200) {
        const body = (await res.clone().json()) as { access_token: string; refresh_token?: string };
        issued.add(body.access_token);
        if (body.refresh_token) issued.add(body.refresh_token);
      }
      return res;
    },
  };
  const logs: string[] = [];
  const logger = createLogger({
    destination: new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    }) as never,
  });
  const deps: BffDeps = {
    marketplace,
    store: bffStore,
    oauth: {
      clientId: DEMO_APPLICATION_ID,
      clientSecret: CLIENT_SECRET,
      authorizationUrl: options.authorizationUrl ?? '/api/authorization',
    },
    publicOrigins: origins,
    limits: { ...LOOSE_LIMITS, ...options.limits },
    now: () => now,
    logger,
    ...options.bff,
  };
  const bff = createBffApp(deps);
  const kit: Kit = {
    store,
    bffStore,
    manifest,
    bff,
    issued,
    upstream,
    logs,
    now: () => now,
    advance(ms) {
      now += ms;
    },
    user(nickname) {
      const user = manifest.users.find((u) => u.nickname === nickname);
      if (!user) throw new Error(`no demo user ${nickname}`);
      return user;
    },
    browser: (address) => new Browser(kit, address ?? options.address ?? '198.51.100.7'),
  };
  return kit;
}

type RequestOptions = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> };

/**
 * The connection a request arrives on, as @hono/node-server hands it to the app (`env.incoming`): its peer's address
 * and, when given, the header lines as they came on the wire (`rawHeaders`: name, value, name, value…).
 */
export const connection = (remoteAddress: string, rawHeaders?: string[]) => ({
  incoming: { socket: { remoteAddress }, ...(rawHeaders ? { rawHeaders } : {}) },
});

/** The header lines a client sends for `url` with these headers: `Host` first, then the rest as written. */
export const wireHeaders = (url: string, headers: Record<string, string>): string[] => [
  'Host',
  new URL(url).host,
  ...Object.entries(headers).flat(),
];

/**
 * A browser's view of the BFF: a cookie jar (with the flags it was given), every body it received, and the
 * headers a same-origin page adds. Redirects are followed by hand, so tests see each hop.
 */
export class Browser {
  readonly cookies = new Map<string, { value: string; attributes: string }>();
  readonly bodies: string[] = [];
  readonly setCookieHeaders: string[] = [];

  constructor(
    private readonly kit: Kit,
    readonly address: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
  }

  async request(path: string, init: RequestOptions = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : `${ORIGIN}${path}`;
    const headers: Record<string, string> = { ...init.headers };
    if (!url.startsWith(ORIGIN) && !url.startsWith('http://localhost:4000')) {
      // Another server (the remote platform of a test): a real HTTP request, without this site's cookies.
      const res = await fetch(url, { ...init, headers, redirect: 'manual' });
      this.bodies.push(await res.clone().text());
      return res;
    }
    const cookie = this.cookieHeader();
    if (cookie && !('cookie' in headers)) headers.cookie = cookie;
    const res = await this.kit.bff.app.request(
      url,
      { ...init, headers },
      connection(this.address, wireHeaders(url, headers)),
    );
    for (const line of res.headers.getSetCookie()) {
      this.setCookieHeaders.push(line);
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, attributes: attributes.join(';').trim() });
    }
    this.bodies.push(await res.clone().text());
    return res;
  }

  /** A same-origin page's write: X-Requested-With and its Origin. */
  write(path: string, init: RequestOptions = {}) {
    return this.request(path, {
      method: 'POST',
      ...init,
      headers: { 'x-requested-with': 'fetch', origin: ORIGIN, ...init.headers },
    });
  }

  /** A support operator's browser works on a seller's account, or on its own with null (`POST /bff/session/account`). */
  async workOn(sellerId: number | null): Promise<void> {
    const res = await this.write('/bff/session/account', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seller_id: sellerId }),
    });
    expect(res.status).toBe(200);
  }

  /** The whole sign-in: /bff/login → the sign-in page → choose the account → /bff/callback. */
  async signIn(nickname: string, returnTo?: string): Promise<Response> {
    const login = await this.request(
      `/bff/login${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ''}`,
    );
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get('location')!, ORIGIN);
    const form = await this.chooseAccount(authorize, nickname);
    return this.request(form.headers.get('location')!);
  }

  /** The platform's page: reads it like a browser and posts the account's button. */
  async chooseAccount(authorize: URL, nickname: string): Promise<Response> {
    const page = await this.request(authorize.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    const fields = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      fields.set(name!, unescapeHtml(value!));
    }
    const button = new RegExp(`name="user_id" value="(\\d+)">${nickname} `).exec(html);
    if (!button) throw new Error(`${nickname} is not on the sign-in page`);
    fields.set('user_id', button[1]!);
    const action = new URL('authorization', authorize);
    const posted = await this.request(action.toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: action.origin },
      body: fields.toString(),
    });
    expect(posted.status).toBe(303);
    return posted;
  }
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** No issued token, nor the seed's demo tokens, in anything the browser or the logs saw. */
export function expectNoTokens(kit: Kit, seen: string[]) {
  const canaries = [...kit.issued, ...kit.manifest.users.map((u) => u.access_token)];
  expect(canaries.length).toBeGreaterThan(0);
  for (const text of seen) {
    for (const token of canaries) expect(text.includes(token), 'a token leaked').toBe(false);
    expect(text).not.toMatch(/APP_USR-|TG-[0-9a-f]{20,}/);
  }
}
