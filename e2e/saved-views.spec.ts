import type { Browser, Page } from '@playwright/test';
import { chooseLanguage, expect, test } from './fixtures.ts';
import { signInAs, workOn } from './support/workspace-session.ts';

const rows = (page: Page) => page.locator('tbody tr[data-order-id]');
/** The views menu's button: "Views", or "View: NAME" when the list is one of them. */
const viewsMenu = (page: Page) => page.getByRole('button', { name: /^(Views$|View: )/ });

/** The support operator, working on TIENDA_PALERMO's account. */
async function operatorOnTheSeller(browser: Browser) {
  const context = await browser.newContext();
  await chooseLanguage(context, 'en');
  const page = await context.newPage();
  await signInAs(page, 'SOPORTE_PALERMO', '/orders');
  await workOn(page, 'TIENDA_PALERMO');
  return { context, page };
}

test('a view the seller saves is there for the operator working on the account', async ({
  page,
  browser,
}, testInfo) => {
  const name = `Cancelled, oldest first ${testInfo.retry}-${Date.now() % 100_000}`;
  await signInAs(page, 'TIENDA_PALERMO', '/orders?order.status=cancelled&sort=date_asc');
  await expect(rows(page).first()).toBeVisible();

  await viewsMenu(page).click();
  await expect(page.getByText('Kept for this account and shared with everyone working on it.')).toBeVisible();
  await page.getByRole('textbox', { name: 'View name' }).fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = page.getByRole('list', { name: 'Saved views' });
  await expect(saved.getByRole('button', { name: new RegExp(`^${name}`) })).toContainText(
    'Saved by TIENDA_PALERMO',
  );
  await page.screenshot({ path: testInfo.outputPath('saved-views-seller.png') });

  const operator = await operatorOnTheSeller(browser);
  await viewsMenu(operator.page).click();
  const view = operator.page
    .getByRole('list', { name: 'Saved views' })
    .getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(view).toContainText('Saved by TIENDA_PALERMO');
  await view.click();
  await expect(operator.page).toHaveURL(/order\.status=cancelled/);
  await expect(operator.page).toHaveURL(/sort=date_asc/);
  await expect(viewsMenu(operator.page)).toHaveAccessibleName(/^View: /);

  // The operator deletes it: gone for the seller too.
  await viewsMenu(operator.page).click();
  await operator.page.getByRole('button', { name: `Delete view ${name}` }).click();
  await expect(operator.page.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveCount(0);
  await operator.context.close();

  await page.reload();
  await viewsMenu(page).click();
  await expect(page.getByRole('textbox', { name: 'View name' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveCount(0);
});

test('the views a browser kept before move to the account once, and the team sees them', async ({
  page,
  browser,
}, testInfo) => {
  const name = `Kept in this browser ${testInfo.retry}-${Date.now() % 100_000}`;
  await page.addInitScript((view) => {
    // Only before the first visit: the app forgets its copy once the server has it.
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem(
      'mostrador.orders.views',
      JSON.stringify([
        { id: 'a1', name: ` ${view} `, search: { 'order.status': 'paid', offset: '50' } },
        { id: 'a2', name: 'Broken', search: { 'order.status': 'lost' } },
      ]),
    );
  }, name);
  await signInAs(page, 'TIENDA_PALERMO', '/orders');
  await expect(rows(page).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('mostrador.orders.views'))).toBeNull();

  await viewsMenu(page).click();
  const imported = page
    .getByRole('list', { name: 'Saved views' })
    .getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(imported).toBeVisible();
  await expect(page.getByRole('button', { name: /^Broken/ })).toHaveCount(0);

  const operator = await operatorOnTheSeller(browser);
  await viewsMenu(operator.page).click();
  await operator.page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(operator.page).toHaveURL(/order\.status=paid/);
  await expect(operator.page).not.toHaveURL(/offset=/);
  await operator.context.close();
});
