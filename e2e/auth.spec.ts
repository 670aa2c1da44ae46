import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LANGUAGE_COOKIE } from '@mostrador/contracts';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  type BffProcess,
  E2E_CLIENT_SECRET,
  freePort,
  type PlatformServer,
  pkcePair,
  startBff,
  startPlatform,
} from './support/servers.ts';

const CLIENT_ID = '5503910054141466';
const TOKEN_SHAPE = /APP_USR-\d|TG-[0-9a-f]{20,}/;

/** Every response body the page received, to search for tokens. */
function recordBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', async (response) => {
    try {
      bodies.push(await response.text());
    } catch {
      // Redirects and aborted responses have no body.
    }
  });
  return bodies;
}

/**
 * The BFF's log with every line of the requests made so far: lines go out in batches (decision 0155), in order, so a
 * request is made and its own line awaited first.
 */
async function loggedSoFar(page: Page, logs: string[]): Promise<string> {
  const healthLines = () => logs.join('').split('"path":"/bff/health"').length;
  const before = healthLines();
  await page.evaluate(() => fetch('/bff/health').then((r) => r.text()));
  await expect.poll(healthLines).toBeGreaterThan(before);
  return logs.join('');
}

/** What scripts on the page can reach: cookies, both storages. */
async function scriptVisibleState(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify({
      cookie: document.cookie,
      local: Object.entries(localStorage),
      session: Object.entries(sessionStorage),
    }),
  );
}

function expectNoTokens(texts: string[], canaries: Iterable<string> = []) {
  const list = [...canaries];
  for (const text of texts) {
    expect(text).not.toMatch(TOKEN_SHAPE);
    for (const canary of list)
      expect(text.includes(canary), 'a token reached the browser or a log').toBe(false);
  }
}

/** The browser's cookies but its language choice (`e2e/fixtures.ts`), which names no one. */
const cookiesButLanguage = async (context: BrowserContext) =>
  (await context.cookies()).filter((c) => c.name !== LANGUAGE_COOKIE);

async function expectSessionCookie(context: BrowserContext) {
  const cookies = await cookiesButLanguage(context);
  expect(cookies.map((c) => c.name)).toEqual(['__Host-mostrador_session']);
  const [cookie] = cookies;
  expect(cookie).toMatchObject({
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: '/',
    domain: '127.0.0.1',
  });
  expect(cookie?.expires).toBe(-1);
  return cookie!;
}

async function signInThroughPage(page: Page, nickname: string) {
  await page.getByRole('button', { name: new RegExp(`^${nickname} \\(`) }).click();
}

const header = (page: Page) => page.getByRole('banner');

/** The BFF's own client, minting tokens the way any integrator would: canaries with a known value. */
async function mintTokens(request: APIRequestContext, baseURL: string, nickname: string) {
  const { verifier, challenge } = pkcePair();
  const params = {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: `${baseURL}/bff/callback`,
    state: 'canary',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  const pageRes = await request.get(`/api/authorization?${new URLSearchParams(params)}`);
  const userId = new RegExp(`value="(\\d+)">${nickname} `).exec(await pageRes.text())?.[1];
  expect(userId).toBeTruthy();
  const posted = await request.post('/api/authorization', {
    form: { ...params, user_id: userId! },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  const code = new URL(posted.headers().location!).searchParams.get('code')!;
  const token = await request.post('/api/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      client_secret: E2E_CLIENT_SECRET,
      code,
      redirect_uri: params.redirect_uri,
      code_verifier: verifier,
    },
  });
  expect(token.status()).toBe(200);
  return (await token.json()) as { access_token: string; refresh_token: string; user_id: number };
}

test.describe('sign-in on the embedded marketplace', () => {
  test('through the local sign-in page: the user in the header, tokens only on the server', async ({
    page,
    context,
  }) => {
    const bodies = recordBodies(page);
    await page.goto('/orders');
    await header(page).getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();

    await expect(page).toHaveTitle('Sign in · Marketplace');
    await expect(page.getByRole('button', { name: /^\w+ \(M[LC]\w\)$/ })).toHaveCount(6);
    await signInThroughPage(page, 'TIENDA_PALERMO');

    await expect(page).toHaveURL(/\/orders$/);
    await expect(header(page).getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');
    await expectSessionCookie(context);
    expect(await page.evaluate(() => document.cookie)).toBe('');

    const me = await page.evaluate(async () => {
      const res = await fetch('/api/users/me', { credentials: 'same-origin' });
      return { status: res.status, nickname: ((await res.json()) as { nickname: string }).nickname };
    });
    expect(me).toEqual({ status: 200, nickname: 'TIENDA_PALERMO' });
    await page.reload();
    await expect(header(page).getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');
    expectNoTokens([...bodies, await scriptVisibleState(page)]);
  });

  test('with a token an integrator already holds: the canary never comes back', async ({
    page,
    request,
    baseURL,
  }) => {
    const canary = await mintTokens(request, baseURL!, 'COMPRADORA_SAMPA');
    const bodies = recordBodies(page);
    await page.goto('/orders');
    const signIn = await page.evaluate(async (token) => {
      const res = await fetch('/bff/session', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
        body: JSON.stringify({ access_token: token }),
      });
      return { status: res.status, body: await res.text() };
    }, canary.access_token);
    expect(signIn.status).toBe(200);
    expect(JSON.parse(signIn.body).user.nickname).toBe('COMPRADORA_SAMPA');
    await page.reload();
    await expect(header(page).getByTestId('signed-in-user')).toHaveText('COMPRADORA_SAMPA');
    await page.evaluate(() => fetch('/api/users/me').then((r) => r.text()));
    expectNoTokens(
      [...bodies, signIn.body, await scriptVisibleState(page)],
      [canary.access_token, canary.refresh_token],
    );
  });

  test('several accounts one after another, the switcher, and sign-out ending the session on the server', async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
    await signInThroughPage(page, 'TIENDA_PALERMO');
    await expect(header(page).getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');
    const first = (await expectSessionCookie(context)).value;

    await header(page)
      .getByRole('button', { name: /TIENDA_PALERMO/ })
      .click();
    await page.getByRole('link', { name: 'Add another account' }).click();
    await signInThroughPage(page, 'COMPRADOR_POLANCO');
    await expect(header(page).getByTestId('signed-in-user')).toHaveText('COMPRADOR_POLANCO');
    const second = (await expectSessionCookie(context)).value;
    expect(second).not.toBe(first);

    await header(page)
      .getByRole('button', { name: /COMPRADOR_POLANCO/ })
      .click();
    const accounts = page.getByRole('list', { name: 'Signed in accounts' });
    await expect(accounts.getByRole('listitem')).toHaveCount(2);
    await accounts.getByRole('button', { name: /TIENDA_PALERMO/ }).click();
    await expect(header(page).getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');
    const active = await page.evaluate(() =>
      fetch('/api/users/me').then((r) => r.json() as Promise<{ nickname: string }>),
    );
    expect(active.nickname).toBe('TIENDA_PALERMO');

    await header(page)
      .getByRole('button', { name: /TIENDA_PALERMO/ })
      .click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await cookiesButLanguage(context)).toEqual([]);

    // The cookies of before, replayed from elsewhere, name no session any more.
    const replay = await playwright.request.newContext({ baseURL });
    for (const value of [first, second]) {
      const res = await replay.get('/bff/session', {
        headers: { Cookie: `__Host-mostrador_session=${value}` },
      });
      expect(await res.json()).toEqual({ user: null, accounts: [], language: 'en' });
      const api = await replay.get('/api/users/me', {
        headers: { Cookie: `__Host-mostrador_session=${value}` },
      });
      expect(api.status()).toBe(401);
    }
    await replay.dispose();
  });
});

test.describe('CSRF and CORS', () => {
  let attacker: Server;
  let attackerOrigin: string;

  test.beforeAll(async ({ baseURL }) => {
    // A page of another origin (same site: the same host, another port), posting to the BFF.
    attacker = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<!doctype html><title>elsewhere</title>
<form method="post" action="${baseURL}/bff/logout"><button>Win a prize</button></form>
<form method="post" action="${baseURL}/api/users/1/order_blacklist"><input name="user_id" value="2"><button>Block</button></form>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  });

  test.afterAll(() => {
    attacker.close();
  });

  test('refuses writes without X-Requested-With, from another origin, and grants no CORS', async ({
    page,
    pageErrors,
    baseURL,
  }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
    await signInThroughPage(page, 'BAZAR_COYOACAN');
    await expect(header(page).getByTestId('signed-in-user')).toHaveText('BAZAR_COYOACAN');

    const bare = await page.evaluate(async () => (await fetch('/bff/logout', { method: 'POST' })).status);
    expect(bare).toBe(403);

    // A form on another origin: the browser sends the (same-site) cookie, the Origin check refuses.
    await page.goto(attackerOrigin);
    const [logout] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/bff/logout')),
      page.getByRole('button', { name: 'Win a prize' }).click(),
    ]);
    expect(logout.status()).toBe(403);
    await page.goto(attackerOrigin);
    const [block] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/order_blacklist')),
      page.getByRole('button', { name: 'Block' }).click(),
    ]);
    expect(block.status()).toBe(403);

    // Script on another origin cannot add the header: the preflight gets no permission.
    await page.goto(attackerOrigin);
    const scripted = await page.evaluate(async (url) => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { 'X-Requested-With': 'fetch' },
        });
        return `status ${res.status}`;
      } catch (error) {
        return (error as Error).name;
      }
    }, `${baseURL}/bff/logout`);
    expect(scripted).toBe('TypeError');
    const read = await page.evaluate(async (url) => {
      try {
        return `read ${(await fetch(url, { credentials: 'include' })).status}`;
      } catch (error) {
        return (error as Error).name;
      }
    }, `${baseURL}/api/users/me`);
    expect(read).toBe('TypeError');

    // Still signed in.
    await page.goto('/orders');
    await expect(header(page).getByTestId('signed-in-user')).toHaveText('BAZAR_COYOACAN');
    // The refusals above are expected console errors of their pages.
    const unexpected = pageErrors.filter(
      (e) => !/403|404|ERR_FAILED|CORS|Failed to fetch|Access-Control/i.test(e),
    );
    pageErrors.length = 0;
    pageErrors.push(...unexpected);
  });
});

test.describe('remote platform (MARKETPLACE_BASE_URL)', () => {
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
        RATE_LIMIT_PER_MINUTE: '100000',
        SIGNIN_LIMIT_PER_15_MINUTES: '1000',
      },
      port,
    );
  });

  test.afterAll(async () => {
    await bff?.stop();
    await platform?.stop();
  });

  test('signs in on the remote sign-in page; no token reaches the browser or the logs', async ({
    page,
    context,
  }) => {
    const bodies = recordBodies(page);
    await page.goto(`${bff.url}/sign-in`);
    await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
    await expect(page).toHaveURL(new RegExp(`^${platform.url}/authorization\\?`));
    await signInThroughPage(page, 'LOJA_PINHEIROS');
    await expect(page).toHaveURL(`${bff.url}/orders`);
    await expect(header(page).getByTestId('signed-in-user')).toHaveText('LOJA_PINHEIROS');
    await expectSessionCookie(context);
    const me = await page.evaluate(() =>
      fetch('/api/users/me').then((r) => r.json() as Promise<{ nickname: string }>),
    );
    expect(me.nickname).toBe('LOJA_PINHEIROS');
    expect(platform.grants).toEqual(['authorization_code']);
    expect(platform.issued.size).toBe(2);
    const logged = await loggedSoFar(page, bff.logs);
    expectNoTokens([...bodies, await scriptVisibleState(page), logged], platform.issued);
    expect(logged).toContain('"path":"/bff/callback"');
  });

  test('refreshes tokens before they end, through the platform, with no interruption', async ({ page }) => {
    // Tokens that claim to end in 300 s: already within the BFF's five-minute margin, so each use refreshes.
    platform.setExpiresIn(300);
    await page.goto(`${bff.url}/sign-in`);
    await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
    await signInThroughPage(page, 'COMPRADOR_BELGRANO');
    await expect(header(page).getByTestId('signed-in-user')).toHaveText('COMPRADOR_BELGRANO');
    const before = platform.grants.length;
    for (let i = 0; i < 3; i++) {
      const status = await page.evaluate(() => fetch('/api/users/me').then((r) => r.status));
      expect(status).toBe(200);
    }
    expect(platform.grants.slice(before).filter((g) => g === 'refresh_token').length).toBeGreaterThanOrEqual(
      1,
    );
    platform.setExpiresIn(undefined);
    const bodies = recordBodies(page);
    await page.reload();
    await expect(header(page).getByTestId('signed-in-user')).toHaveText('COMPRADOR_BELGRANO');
    const logged = await loggedSoFar(page, bff.logs);
    expectNoTokens([...bodies, await scriptVisibleState(page), logged], platform.issued);
  });
});
