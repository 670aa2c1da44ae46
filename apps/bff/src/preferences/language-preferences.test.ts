import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGE_COOKIE, sessionSchema } from '@mostrador/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createKit, type Kit } from '../test-support.ts';

let kit: Kit;

beforeEach(async () => {
  kit = await createKit();
});

async function language(browser: Browser, headers: Record<string, string> = {}) {
  const res = await browser.request('/bff/session', { headers });
  expect(res.status).toBe(200);
  return sessionSchema.parse(await res.json()).language;
}

const choose = (browser: Browser, body: unknown) =>
  browser.write('/bff/preferences/language', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the dashboard’s language', () => {
  it('follows the signed-in account’s site when nobody chose: Brazil Portuguese, Argentina Spanish', async () => {
    const brazil = kit.browser();
    await brazil.signIn('LOJA_PINHEIROS');
    expect(await language(brazil, { 'accept-language': 'en-US' })).toBe('pt-BR');
    const argentina = kit.browser();
    await argentina.signIn('TIENDA_PALERMO');
    expect(await language(argentina, { 'accept-language': 'en-US' })).toBe('es');
  });

  it('the platform’s sign-in page speaks the language chosen here, though this origin’s cookies never reach it', async () => {
    const browser = kit.browser();
    expect((await choose(browser, { language: 'pt-BR' })).status).toBe(200);
    const login = await browser.request('/bff/login', { headers: { 'accept-language': 'en' } });
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get('location')!, 'http://127.0.0.1');
    expect(authorize.searchParams.get('ui_locales')).toBe('pt-BR');
    const page = await browser.request(`${authorize.pathname}${authorize.search}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<h1>Entre no marketplace</h1>');
  });

  it('signed out, follows Accept-Language, else English', async () => {
    const browser = kit.browser();
    expect(await language(browser, { 'accept-language': 'pt-PT,pt;q=0.9,en;q=0.5' })).toBe('pt-BR');
    expect(await language(browser, { 'accept-language': 'de-DE, fr;q=0.8' })).toBe('en');
    expect(await language(browser)).toBe('en');
  });

  it('keeps an explicit choice in the session, for the user across sessions, and in a long-lived cookie', async () => {
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    const res = await choose(browser, { language: 'en' });
    expect(res.status).toBe(200);
    expect(sessionSchema.parse(await res.json()).language).toBe('en');
    const cookie = browser.setCookieHeaders.find((line) => line.startsWith(`${LANGUAGE_COOKIE}=`))!;
    expect(cookie).toMatch(/Max-Age=\d{7,}/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(await language(browser)).toBe('en');
    const [session] = await kit.bffStore.db.selectFrom('bff_sessions').select('language').execute();
    expect(session?.language).toBe('en');

    // Signed out the cookie speaks for the browser; signed in again (on another browser too) the user's choice holds.
    expect((await browser.write('/bff/logout')).status).toBe(204);
    expect(await language(browser, { 'accept-language': 'es' })).toBe('en');
    const elsewhere = kit.browser();
    await elsewhere.signIn('TIENDA_PALERMO');
    expect(await language(elsewhere, { 'accept-language': 'es' })).toBe('en');
  });

  it('a user’s own choice outranks the browser’s cookie left by someone else', async () => {
    const browser = kit.browser();
    await browser.signIn('LOJA_PINHEIROS');
    await choose(browser, { language: 'es' });
    await browser.write('/bff/logout');
    const shared = kit.browser();
    shared.cookies.set(LANGUAGE_COOKIE, { value: 'en', attributes: '' });
    await shared.signIn('LOJA_PINHEIROS');
    expect(await language(shared)).toBe('es');
  });

  it('the latest explicit choice wins: one made on the sign-in page after the user’s kept one outranks it', async () => {
    const before = kit.browser();
    await before.signIn('LOJA_PINHEIROS');
    await choose(before, { language: 'es' });
    await before.write('/bff/logout');

    // Later, signed out, this browser chooses English; signed in, English it is, and the user keeps it.
    kit.advance(60_000);
    const browser = kit.browser();
    expect((await choose(browser, { language: 'en' })).status).toBe(200);
    await browser.signIn('LOJA_PINHEIROS');
    expect(await language(browser)).toBe('en');
    const elsewhere = kit.browser();
    await elsewhere.signIn('LOJA_PINHEIROS');
    expect(await language(elsewhere)).toBe('en');

    // A choice made signed in is later still: the other browser's older cookie no longer wins at its next sign-in.
    kit.advance(60_000);
    await choose(elsewhere, { language: 'pt-BR' });
    await browser.write('/bff/logout');
    await browser.signIn('LOJA_PINHEIROS');
    expect(await language(browser)).toBe('pt-BR');
  });

  it('a choice made signed out lives in the cookie and is the sign-in page’s language', async () => {
    const browser = kit.browser();
    const res = await choose(browser, { language: 'pt-BR' });
    expect(res.status).toBe(200);
    expect(await language(browser, { 'accept-language': 'en' })).toBe('pt-BR');
    expect(await kit.bffStore.db.selectFrom('bff_user_preferences').selectAll().execute()).toEqual([]);
  });

  it('refuses a language it does not speak, and changes nothing', async () => {
    const browser = kit.browser();
    await browser.signIn('TIENDA_PALERMO');
    for (const body of [{ language: 'fr' }, { language: 'pt' }, {}, { language: 'es', extra: 1 }]) {
      const res = await choose(browser, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'bad_request', status: 400 });
    }
    expect(await language(browser)).toBe('es');
    expect(browser.cookies.has(LANGUAGE_COOKIE)).toBe(false);
  });

  it('names the language in the page’s <html lang> as it serves the app', async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'mostrador-shell-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html>\n<html lang="en">\n<body></body></html>');
    const withApp = await createKit({ bff: { staticDir } });
    const browser = withApp.browser();
    expect(
      await (await browser.request('/orders', { headers: { 'accept-language': 'es-MX' } })).text(),
    ).toContain('<html lang="es">');
    await browser.signIn('LOJA_PINHEIROS');
    expect(await (await browser.request('/orders')).text()).toContain('<html lang="pt-BR">');
    rmSync(staticDir, { recursive: true, force: true });
  });
});
