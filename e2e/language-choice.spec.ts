import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { messages } from './support/messages.ts';
import { ownServer } from './support/own-server.ts';

// A server of its own: the journey keeps a language for a demo account, which other journeys read in English.
const server = ownServer();

test.use({ language: 'account' });

const es = messages('es');
const en = messages('en');
const pt = messages('pt-BR');

async function openAccountMenu(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /LOJA_PINHEIROS/ })
    .click();
}

async function signInFromSignInPage(page: Page, t: ReturnType<typeof messages>) {
  await page.getByRole('link', { name: t('shell.signIn.signInWithThe') }).click();
  await page.getByRole('button', { name: /^LOJA_PINHEIROS \(/ }).click();
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText('LOJA_PINHEIROS');
}

test('the language chosen on the sign-in page outranks an older one the account kept', async ({ page }) => {
  // Signed in, the account keeps Spanish.
  await page.goto(`${server().url}/sign-in`);
  await signInFromSignInPage(page, en);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await openAccountMenu(page);
  await page.getByTestId('language-switcher').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await openAccountMenu(page);
  await page.getByRole('button', { name: es('account.accountMenu.signOut') }).click();
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveCount(0);

  // Later, on the sign-in page, English: the dashboard speaks English once signed in.
  await page.goto(`${server().url}/sign-in`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByTestId('language-switcher').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await signInFromSignInPage(page, en);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: en('orders.orderList.orders') })).toBeVisible();

  // And the account keeps it: another browser signing in as the account reads English too.
  const other = await page.context().browser()!.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(`${server().url}/sign-in`);
  await signInFromSignInPage(elsewhere, en);
  await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'en');
  await other.close();

  // A choice made signed in is the latest again: Portuguese, in the session and on the sign-in page after it.
  await openAccountMenu(page);
  await page.getByTestId('language-switcher').getByRole('button', { name: 'Português (Brasil)' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await openAccountMenu(page);
  await page.getByRole('button', { name: pt('account.accountMenu.signOut') }).click();
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveCount(0);
  await page.goto(`${server().url}/sign-in`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await signInFromSignInPage(page, pt);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
});
