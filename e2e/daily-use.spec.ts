import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInAs } from './support/workspace-session.ts';

const header = (page: Page) => page.getByRole('banner');

/** Requests the page made to the API whose path starts with `prefix`, as they are sent. */
function apiRequests(page: Page, prefix: string): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(prefix)) seen.push(url);
  });
  return seen;
}

test.describe('one session, every tab', () => {
  test('signing out in one tab signs out the other at once, and nothing read before stays on its screen', async ({
    page,
    context,
  }) => {
    await signInAs(page, 'TIENDA_PALERMO', '/orders');
    const firstOrder = page.locator('[data-order-link]').first();
    await expect(firstOrder).toBeVisible();
    const orderPath = await firstOrder.getAttribute('href');

    // The other tab reads an order: the buyer's nickname and, for the seller, name and phone.
    const other = await context.newPage();
    await other.goto(orderPath ?? '/orders');
    const buyerCard = other.getByRole('region', { name: 'Buyer' });
    await expect(buyerCard.getByText('Phone')).toBeVisible();
    const buyerNickname = (await buyerCard.locator('dd').first().textContent()) ?? '';
    expect(buyerNickname.length).toBeGreaterThan(2);

    await header(page)
      .getByRole('button', { name: /TIENDA_PALERMO/ })
      .click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();

    // The other tab was not touched: it follows by itself, at the same address.
    await expect(other.getByRole('heading', { name: 'Sign in to see this order' })).toBeVisible();
    await expect(header(other).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(other.getByText(buyerNickname)).toHaveCount(0);
    await expect(other.getByText('Phone')).toHaveCount(0);
    // Going to the list there shows the way in, not the cached orders of the account that left.
    await other.getByRole('link', { name: 'Orders' }).first().click();
    await expect(other.getByRole('heading', { name: 'Sign in to see your orders' })).toBeVisible();
    await expect(other.locator('[data-order-link]')).toHaveCount(0);
  });

  test('a session the marketplace ended sends every tab to sign in again', async ({
    page,
    context,
    pageErrors,
  }) => {
    await signInAs(page, 'TIENDA_PALERMO', '/orders');
    await expect(page.locator('[data-order-link]').first()).toBeVisible();
    const other = await context.newPage();
    await other.goto('/blocked-buyers');
    await expect(other.getByRole('heading', { level: 1, name: 'Blocked buyers' })).toBeVisible();

    // The session ends on the server (as when the marketplace refuses its access); the first tab learns it from a
    // refused read, and the other follows.
    await page.evaluate(() =>
      fetch('/bff/logout', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } }).then(
        (r) => r.status,
      ),
    );
    await page.getByLabel('Search orders').fill('PELOTA');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sign-in\?ended=expired/);
    await expect(other).toHaveURL(/\/sign-in\?ended=expired/);
    await expect(other.getByText('The marketplace no longer accepts')).toBeVisible();
    // What the first tab logged are the refused reads that told it (a busy tab may have had two in flight): 401s only.
    const refused = pageErrors.splice(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const line of refused) expect(line).toContain('401');
  });
});

test.describe('filters checked before the API', () => {
  test('a reversed date range is said at its field, and no search is sent for it', async ({ page }) => {
    await signInAs(page, 'TIENDA_PALERMO', '/orders');
    await expect(page.locator('[data-order-link]').first()).toBeVisible();
    const searches = apiRequests(page, '/api/orders/search');

    // A link whose range ends before it starts.
    await page.goto(
      '/orders?order.date_created.from=2026-11-20T00:00:00.000-03:00&order.date_created.to=2026-11-01T23:59:59.999-03:00',
    );
    const created = page.getByRole('group', { name: 'Created' });
    await expect(created.getByRole('alert')).toHaveText(
      'The first day is after the last: the range is not applied.',
    );
    await expect(created.getByLabel('Created from')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: 'These dates make no range' })).toBeVisible();
    expect(searches.filter((url) => url.searchParams.has('order.date_created.from'))).toEqual([]);

    // Mended at the field, the list is searched.
    await created.getByLabel('Created to').fill('2026-11-25');
    await expect(created.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('[data-results-for]')).toBeVisible();
    expect(
      searches.some((url) => url.searchParams.get('order.date_created.from')?.startsWith('2026-11-20')),
    ).toBe(true);
  });

  test('an offset before the first page or past the last opens the nearest page, and the address says so', async ({
    page,
  }) => {
    await signInAs(page, 'TIENDA_PALERMO', '/orders');
    const count = page.getByTestId('result-count');
    await expect(count).toHaveText(/^1–50 of [\d.,]+ orders$/);
    const total = Number(
      (await count.textContent())?.replace(/.* of ([\d.,]+) orders$/, '$1').replace(/[.,]/g, ''),
    );
    const lastPage = Math.floor((total - 1) / 50) * 50;

    await page.goto('/orders?offset=-5');
    await expect(count).toHaveText(`1–50 of ${total.toLocaleString('es-AR')} orders`);
    await expect(page).toHaveURL(/\/orders$/);

    await page.goto('/orders?offset=999999');
    await expect(count).toHaveText(
      `${(lastPage + 1).toLocaleString('es-AR')}–${total.toLocaleString('es-AR')} of ${total.toLocaleString('es-AR')} orders`,
    );
    await expect(page).toHaveURL(new RegExp(`/orders\\?offset=${lastPage}$`));
  });

  test('an order number written as the list shows it finds that order', async ({ page }) => {
    await signInAs(page, 'TIENDA_PALERMO', '/orders');
    const link = page.locator('[data-order-link]').nth(3);
    const shown = ((await link.textContent()) ?? '').trim();
    expect(shown).toMatch(/^#\d+$/);
    await page.getByLabel('Search orders').fill(shown);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${shown.slice(1)}`));
    await expect(page.getByTestId('result-count')).toHaveText('1–1 of 1 order');
    await expect(page.locator('[data-order-link]')).toHaveText([shown]);
  });
});

test('an order that does not exist says so at once, asked once', async ({ page, pageErrors }) => {
  await signInAs(page, 'TIENDA_PALERMO', '/orders');
  const reads = apiRequests(page, '/api/orders/2999999999999999');
  await page.goto('/orders/2999999999999999');
  await expect(page.getByRole('heading', { name: 'There is no such order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Orders' }).last()).toBeVisible();
  // The route's read and the page's own: a 404 is never asked again.
  expect(reads.length).toBeLessThanOrEqual(2);
  expect(pageErrors.splice(0).every((error) => error.includes('404'))).toBe(true);
});

test('the blocked-buyer search: part of a nickname finds the buyer, and a miss clears the previous answer', async ({
  page,
}) => {
  await signInAs(page, 'BAZAR_COYOACAN', '/blocked-buyers');
  const table = page.getByRole('table', { name: 'Blocked from buying' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const nickname = (
    (await firstRow.getByRole('cell').first().locator('span > span').first().textContent()) ?? ''
  ).trim();
  expect(nickname).toMatch(/^[A-Z_]+\d*$/);
  const part = nickname.slice(2, 8).toLowerCase();

  const field = page.getByLabel('Find a blocked buyer by id or nickname');
  await field.fill(part);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  // One match is applied; several are offered to choose from.
  const choices = page.getByRole('status').getByRole('button', { name: nickname });
  await expect(page.getByRole('table', { name: /buyer \d+/ }).or(choices)).toBeVisible();
  if (await choices.isVisible()) await choices.click();
  const narrowed = page.getByRole('table', { name: /Blocked from buying, buyer \d+/ });
  await expect(narrowed.getByRole('row')).toHaveCount(2);
  await expect(narrowed.getByRole('row').nth(1)).toContainText(nickname);

  await page.getByLabel('Find a blocked buyer by id or nickname').fill('nobody-blocked-by-this-name');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(
    page.getByText('No blocked buyer on this list matches “nobody-blocked-by-this-name”.'),
  ).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText(nickname)).toHaveCount(0);
  await expect(page).not.toHaveURL(/buyer=/);
});
