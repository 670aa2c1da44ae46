import type { Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInAs } from './support/workspace-session.ts';

test.describe('in Spanish', () => {
  test.use({ language: 'es' });

  test('the shell and a skeleton show before any script runs, in the chosen language', async ({ page }) => {
    // The app's scripts are held back until the first paint has been checked.
    const held: Route[] = [];
    let release = false;
    await page.route('**/assets/*.js', (route) => (release ? route.continue() : void held.push(route)));
    await page.goto('/orders', { waitUntil: 'commit' });

    const skeleton = page.getByRole('status', { name: 'Cargando Mostrador…' });
    await expect(skeleton).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // Painted, not blank: the canvas and the page's surface have their colours before any script.
    const colours = await page.evaluate(() => {
      const first = document.querySelector('[data-first-paint]');
      const surface = first?.querySelector('.bg-surface');
      return [first, surface].map((element) => (element ? getComputedStyle(element).backgroundColor : ''));
    });
    expect(colours).toEqual(['rgb(246, 246, 247)', 'rgb(255, 255, 255)']);
    expect(held.length).toBeGreaterThan(0);

    release = true;
    for (const route of held.splice(0)) await route.continue();
    // The app takes over in the same frame, in Spanish: signed out, the page asks to sign in; the skeleton is gone.
    await expect(page.getByRole('link', { name: 'Iniciar sesión con el marketplace' })).toBeVisible();
    await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  });
});

test('scripts, styles, pages and the API answer compressed, and hashed assets are cached for good', async ({
  page,
}) => {
  const seen = new Map<string, Record<string, string>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    seen.set(url.pathname, response.headers());
  });
  await signInAs(page, 'TIENDA_PALERMO', '/orders');
  await expect(page.locator('tbody tr[data-order-id]').first()).toBeVisible();

  const assets = [...seen].filter(([path]) => /^\/assets\/.+\.(js|css)$/.test(path));
  expect(assets.length).toBeGreaterThan(3);
  for (const [path, headers] of assets) {
    expect(headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
    expect(headers.vary, path).toMatch(/accept-encoding/i);
    // Chromium asks for br and gzip; tiny chunks stay as they are.
    if (Number(headers['content-length'] ?? 2000) >= 1400 || headers['content-encoding']) {
      expect(headers['content-encoding'], path).toBe('br');
    }
  }
  const search = [...seen].find(([path]) => path === '/api/orders/search');
  expect(search?.[1]['content-encoding']).toBe('br');
  expect(search?.[1].vary).toMatch(/accept-encoding/i);

  await page.goto('/orders');
  const document = seen.get('/orders');
  expect(document?.['cache-control']).toBe('no-cache');
  expect(document?.['content-encoding']).toBe('br');
});
