import type { Language } from '@mostrador/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { messages } from './support/messages.ts';
import { ownServer, signInAsDemo } from './support/own-server.ts';
import { refreshFromBanner, simulate } from './support/simulator.ts';

// A server of its own: these journeys block buyers and run the simulator.
const server = ownServer({ DEMO_ORDERS: '2000' });

const nav = (page: Page) => page.getByRole('navigation', { name: /./ }).first();

async function signOut(page: Page, t: ReturnType<typeof messages>, nickname: string) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(nickname) })
    .click();
  await page.getByRole('button', { name: t('account.accountMenu.signOut') }).click();
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveCount(0);
}

test.describe('the language follows the account, then the choice', () => {
  test.use({ language: 'account' });

  test('LOJA_PINHEIROS reads Portuguese and TIENDA_PALERMO Spanish, without choosing', async ({ page }) => {
    const pt = messages('pt-BR');
    const es = messages('es');
    await signInAsDemo(page, server().url, 'LOJA_PINHEIROS', '/orders');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1, name: pt('orders.orderList.orders') })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: pt('shell.navItems.blockedBuyers') })).toBeVisible();
    await expect(page.getByTestId('result-count')).toContainText(/de [\d.]+ pedidos/);
    await expect(page).toHaveTitle(`${pt('shell.orders.orders')} · Mostrador`);
    await signOut(page, pt, 'LOJA_PINHEIROS');

    await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('button', { name: es('orders.orderFilters.moreFilters') })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: es('shell.navItems.locations') })).toBeVisible();
  });

  test('the switcher changes every word at once, and the choice outlives signing out and in', async ({
    page,
  }) => {
    const es = messages('es');
    const en = messages('en');
    await signInAsDemo(page, server().url, 'BAZAR_COYOACAN', '/orders');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /BAZAR_COYOACAN/ })
      .click();
    await page.getByTestId('language-switcher').getByRole('button', { name: 'English' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: en('orders.orderList.orders') })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: en('shell.navItems.blockedBuyers') })).toBeVisible();
    await expect(page.getByRole('button', { name: en('orders.orderFilters.moreFilters') })).toBeVisible();
    await expect(page.getByRole('button', { name: es('orders.orderFilters.moreFilters') })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: en('orders.orderColumns.buyer') })).toBeVisible();

    await signOut(page, en, 'BAZAR_COYOACAN');
    await page.goto(`${server().url}/sign-in`);
    await expect(page.getByRole('link', { name: en('shell.signIn.signInWithThe') })).toBeVisible();
    await signInAsDemo(page, server().url, 'BAZAR_COYOACAN', '/blocked-buyers');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('heading', { level: 1, name: en('blocklists.blockedBuyersWorkspace.blockedBuyers') }),
    ).toBeVisible();
  });
});

for (const language of ['es', 'pt-BR'] as const satisfies Language[]) {
  test.describe(`the main journeys in ${language}`, () => {
    test.use({ language });
    const t = messages(language);

    test('orders list and filter, an order’s page, block its buyer', async ({ page }) => {
      await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.getByRole('button', { name: t('orders.orderFilters.status'), exact: true }).click();
      await page.getByRole('checkbox', { name: t('orderStatus.paid'), exact: true }).check();
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(/order\.status=paid/);
      const rows = page.locator('tbody tr[data-order-id]');
      await expect(rows.first()).toBeVisible();
      for (const badge of await page.locator('tbody td:nth-child(7)').allTextContents())
        expect(badge).toBe(t('orderStatus.paid'));
      await expect(page.getByRole('list', { name: t('orders.activeFilters.filtersInEffect') })).toContainText(
        t('orders.activeFilters.status'),
      );

      // An order of a buyer other than the demo ones, a different one per language: both journeys share the server.
      const json = async <T>(path: string) =>
        page.evaluate(
          async (p) => (await fetch(p, { credentials: 'same-origin' })).json(),
          path,
        ) as Promise<T>;
      const me = await json<{ id: number }>('/api/users/me');
      const found = await json<{ results: { id: number; buyer: { nickname: string } }[] }>(
        `/api/orders/search?seller=${me.id}&order.status=paid&limit=51`,
      );
      const buyers = [...new Set(found.results.map((o) => o.buyer.nickname))].filter(
        (n) => !n.startsWith('COMPRADOR'),
      );
      const nickname = buyers[language === 'es' ? 0 : 1]!;
      const order = found.results.find((o) => o.buyer.nickname === nickname)!;

      await page.goto(`${server().url}/orders/${order.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        t('orders.orderHeading.order', { id: order.id }),
      );
      await expect(
        page.getByText(t('orders.totalsCard.totalWithShipping'), { exact: true }).first(),
      ).toBeVisible();
      await expect(
        page.getByRole('heading', { name: t('orders.orderDetail.buyer'), exact: true }),
      ).toBeVisible();

      const section = page.getByRole('region', { name: t('blocklists.blockBuyerPanel.blockThisBuyer') });
      await section.getByRole('button', { name: t('blocklists.blockBuyerPanel.blockBuyer') }).click();
      const dialog = page.getByRole('dialog', {
        name: t('blocklists.blockBuyerDialog.block2', { nickname }),
      });
      await dialog.getByRole('checkbox', { name: t('blocklists.blockLabels.buyingOnMyItems') }).check();
      await dialog.getByRole('button', { name: t('blocklists.blockBuyerDialog.block'), exact: true }).click();
      await expect(section).toContainText(
        t('blocklists.blockBuyerPanel.isBlocked', { nickname, list: 'order' }),
      );
    });

    test('pick a neighbourhood, and the live banner', async ({ page }) => {
      await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/locations');
      await expect(
        page.getByRole('heading', { level: 1, name: t('locations.locationWorkspace.locations') }),
      ).toBeVisible();
      const search = page.getByRole('combobox', { name: t('locations.locationWorkspace.searchAllPlaces') });
      await search.fill('Palermo');
      await page.getByRole('option', { name: /^Palermo, Capital Federal, Argentina/ }).click();
      await expect(page).toHaveURL(/neighborhood=/);
      await expect(
        page.getByRole('combobox', { name: t('locations.locationWorkspace.neighborhood') }),
      ).toHaveValue('Palermo');
      await expect(page.getByText(t('locations.listingPayload.publishWithThisNeighborhood'))).toBeVisible();
      await expect(page.getByTestId('listing-payload')).toContainText('"neighborhood"');

      await page.goto(`${server().url}/orders`);
      await expect(page.locator('[data-results-for]')).toBeVisible();
      expect(await simulate(page, 'POST')).toBe(200);
      const words = [1, 2].flatMap((count) => [
        t('orders.liveBanner.updated', { count }).replace(/\d+/, '\\d+'),
        t('orders.liveBanner.new', { count }).replace(/\d+/, '\\d+'),
      ]);
      try {
        await expect(page.getByTestId('live-banner')).toContainText(new RegExp(words.join('|')));
      } finally {
        await simulate(page, 'DELETE');
      }
      await refreshFromBanner(page, t('orders.liveBanner.refresh'));
    });
  });
}
