import type { Page } from '@playwright/test';
import { chooseLanguage, expect, test } from './fixtures.ts';
import { signInAs } from './support/workspace-session.ts';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const rows = (page: Page) => page.locator('tbody tr[data-order-id]');

/** The first orders of TIENDA_PALERMO's list, read in a browser of their own. */
async function someOrderIds(page: Page, count: number): Promise<number[]> {
  await signInAs(page, 'TIENDA_PALERMO', '/orders?limit=10');
  await expect(rows(page)).toHaveCount(10);
  const ids = await rows(page).evaluateAll((trs) =>
    trs.map((tr) => Number(tr.getAttribute('data-order-id'))),
  );
  return ids.slice(0, count);
}

test('a deep link survives the sign-in: from the gate, from the sign-in page, and after a cancelled sign-in', async ({
  browser,
  page,
}) => {
  // An order to link to, read in a browser of its own: this one stays signed out.
  const elsewhere = await browser.newContext();
  await chooseLanguage(elsewhere, 'en');
  const [orderId] = await someOrderIds(await elsewhere.newPage(), 1);
  await elsewhere.close();

  // The gate of the order page signs in and comes back to the order, its address unchanged.
  const deepLink = `/orders/${orderId}?limit=10`;
  await page.goto(deepLink);
  await expect(heading(page)).toHaveText(`Order #${orderId}`);
  const gateLink = page.getByRole('link', { name: 'Sign in with the marketplace' });
  await expect(gateLink).toHaveAttribute('href', `/bff/login?return_to=${encodeURIComponent(deepLink)}`);
  await gateLink.click();
  // The platform's sign-in page is set in the dashboard's typeface, not the system's.
  await expect(page.getByRole('button', { name: /^TIENDA_PALERMO \(/ })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        const face = [...document.fonts].find((f) => f.family.replaceAll('"', '') === 'Inter Variable');
        return `${getComputedStyle(document.body).fontFamily.split(',')[0]} ${face?.status}`;
      }),
    )
    .toBe('"Inter Variable" loaded');
  await page.getByRole('button', { name: /^TIENDA_PALERMO \(/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?limit=10$`));
  await expect(heading(page)).toHaveText(`Order #${orderId}`);

  // Signed out, a cancelled sign-in comes back to the sign-in page, which still knows where the person was going.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /TIENDA_PALERMO/ })
    .click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in with the marketplace' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/sign-in\?/);
  await expect(page.getByRole('alert')).toHaveText('The sign-in was cancelled. Nothing changed.');
  expect(new URL(page.url()).searchParams.get('return_to')).toBe(deepLink);
  await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
  await page.getByRole('button', { name: /^TIENDA_PALERMO \(/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?limit=10$`));
  await expect(heading(page)).toHaveText(`Order #${orderId}`);
});

test('j and k step through orders in one history entry: Back returns to the list where it was', async ({
  page,
}) => {
  await signInAs(page, 'TIENDA_PALERMO', '/orders?limit=10');
  await expect(rows(page)).toHaveCount(10);
  const ids = await rows(page).evaluateAll((trs) =>
    trs.map((tr) => Number(tr.getAttribute('data-order-id'))),
  );
  await rows(page).nth(1).locator('[data-order-link]').click();
  await expect(heading(page)).toHaveText(`Order #${ids[1]}`);
  for (const step of [2, 3, 4, 5]) {
    await page.keyboard.press('j');
    await expect(heading(page)).toHaveText(`Order #${ids[step]}`);
  }
  await page.keyboard.press('k');
  await expect(heading(page)).toHaveText(`Order #${ids[4]}`);
  // The buttons step the same way.
  await page
    .getByRole('navigation', { name: 'Orders of the list' })
    .getByRole('button', { name: /Next/ })
    .click();
  await expect(heading(page)).toHaveText(`Order #${ids[5]}`);

  // One Back: the list, as it was left.
  await page.goBack();
  await expect(page).toHaveURL(/\/orders\?limit=10$/);
  await expect(rows(page)).toHaveCount(10);
  // And Forward comes back to the order last seen.
  await page.goForward();
  await expect(heading(page)).toHaveText(`Order #${ids[5]}`);
});

test.describe('a buyer', () => {
  test('opens on its purchases, not on an empty list of sales', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
    await page.getByRole('button', { name: /^COMPRADOR_BELGRANO \(/ }).click();
    await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText('COMPRADOR_BELGRANO');
    await expect(page).toHaveURL(/\/orders\?side=buyer$/);
    await expect(page.getByRole('button', { name: 'Buying' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByText('No orders yet')).toHaveCount(0);

    // The sales stay one click away, and chosen, they are what the address says.
    await page.getByRole('button', { name: 'Selling' }).click();
    await expect(page).toHaveURL(/\/orders$/);
  });

  test('a seller still opens on its sales', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
    await page.getByRole('button', { name: /^TIENDA_PALERMO \(/ }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Selling' })).toHaveAttribute('aria-pressed', 'true');
  });
});
