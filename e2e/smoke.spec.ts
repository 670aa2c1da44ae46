import { expect, htmlIsDark, tabTo, test } from './fixtures.ts';

const WORKSPACES = ['Orders', 'Blocked buyers', 'Locations', 'Reviews', 'Account', 'Notifications'];

test.describe('app shell', () => {
  test('loads at / and lands on orders, with security headers', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');

    await expect(page).toHaveURL(/\/orders$/);
    await expect(page).toHaveTitle('Orders · Mostrador');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Workspaces' });
    for (const name of WORKSPACES) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('the session is asked for once, by the page itself, while its scripts load', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/bff/session') asked.push(request.method());
    });
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    // The page's <link rel="preload"> asked, and the app's own read of the session took that answer.
    const initiators = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === '/bff/session')
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    );
    expect(initiators).toEqual(['link']);
    expect(asked).toEqual(['GET']);
  });

  test('skip link is the first stop and moves focus to the content', async ({ page }) => {
    await page.goto('/orders');
    // React renders after the load event; pressing Tab earlier would focus nothing.
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('navigates between workspaces with the keyboard alone', async ({ page }) => {
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

    await tabTo(page, 'Locations');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/locations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await expect(page).toHaveTitle('Locations · Mostrador');
    await expect(page.getByTestId('live-region')).toHaveText('Locations page');

    // Focus stays in the navigation, so the next workspace is one Tab away.
    await tabTo(page, 'Reviews', 3);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Workspaces' }).getByRole('link', { name: 'Reviews' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('unknown addresses show a way back; /api and /bff never fall back to the SPA', async ({
    page,
    request,
  }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'There is no page at this address' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);

    const health = await request.get('/bff/health');
    expect(await health.json()).toEqual({ status: 'ok' });
    for (const path of ['/api/no-such-resource', '/bff/no-such-route']) {
      const response = await request.get(path, { headers: { Accept: 'text/html' } });
      expect(response.headers()['content-type'] ?? '', path).not.toContain('text/html');
      expect(response.headers()['cache-control'], path).toBe('no-store');
    }
  });
});

test.describe('theme', () => {
  test('follows the system preference until the seller chooses, then remembers the choice', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/orders');
    expect(await htmlIsDark(page)).toBe(true);

    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => htmlIsDark(page)).toBe(false);

    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await htmlIsDark(page)).toBe(true);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
    expect(await htmlIsDark(page)).toBe(true);
  });

  test('screenshots of the shell in light and dark', async ({ page }, testInfo) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto('/orders');
      await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
      expect(await htmlIsDark(page)).toBe(scheme === 'dark');
      await page.evaluate(() => document.fonts.ready);
      const path = `test-results/screenshots/shell-${scheme}.png`;
      await page.screenshot({ path, fullPage: false });
      await testInfo.attach(`shell-${scheme}`, { path, contentType: 'image/png' });
    }
  });
});
