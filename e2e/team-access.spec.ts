import { chooseLanguage, expect, test } from './fixtures.ts';
import { ownServer, signInAsDemo } from './support/own-server.ts';
import { blockOrderBuyer, screenshotBothThemes } from './support/workspace-session.ts';

// A server of its own: the journey blocks a buyer for the seller.
const server = ownServer({ DEMO_ORDERS: '2000' });

type Party = {
  id: string | number;
  nickname: string;
  first_name?: string;
  last_name?: string;
  phone?: { number: string | null };
};

test('a support operator blocks a buyer for the seller without seeing the buyer’s personal data', async ({
  page,
  browser,
}, testInfo) => {
  // The seller's own view of an order, for the buyer's personal data the operator must not see.
  const sellerContext = await browser.newContext();
  await chooseLanguage(sellerContext, 'en');
  const sellerPage = await sellerContext.newPage();
  await signInAsDemo(sellerPage, server().url, 'TIENDA_PALERMO', '/team');
  const asSeller = async <T>(path: string) =>
    sellerPage.evaluate(
      async (p) => (await fetch(p, { credentials: 'same-origin' })).json(),
      path,
    ) as Promise<T>;
  const seller = await asSeller<{ id: number }>('/api/users/me');
  const found = await asSeller<{ results: { id: number; buyer: Party }[] }>(
    `/api/orders/search?seller=${seller.id}&order.status=paid&limit=51`,
  );
  const order = found.results.find((o) => !o.buyer.nickname.startsWith('COMPRADOR') && o.buyer.first_name);
  expect(order, 'the seed has paid orders of other buyers').toBeTruthy();
  const buyer = order!.buyer;
  const secrets = [buyer.first_name!, buyer.last_name!, buyer.phone?.number ?? ''].filter(
    (s) => s.length > 2,
  );
  expect(secrets.length).toBeGreaterThanOrEqual(2);

  // The operator signs in on the marketplace's page, where team members are listed apart.
  await signInAsDemo(page, server().url, 'SOPORTE_PALERMO', '/orders');
  // It lands on the only account it works on, not on its own empty one (decision 0185).
  await expect(page.getByRole('banner').getByTestId('acting-for')).toHaveText('for TIENDA_PALERMO');
  await expect(page.locator('[data-order-link]').first()).toBeVisible();
  // Its own account, chosen in the menu, has no orders: the empty list points to the account it works on.
  await page.getByRole('banner').getByTestId('signed-in-user').click();
  await screenshotBothThemes(page, 'team-account-menu', (n) => testInfo.outputPath(n));
  await page.getByRole('button', { name: /SOPORTE_PALERMO.*Work on this account/ }).click();
  await expect(page.getByRole('banner').getByTestId('acting-for')).toHaveCount(0);
  await page.getByRole('button', { name: 'Work on TIENDA_PALERMO' }).click();
  await expect(page.getByRole('banner').getByTestId('acting-for')).toHaveText('for TIENDA_PALERMO');

  // Open the order and block its buyer: the page offers blocking, and no feedback reply.
  await page.goto(`${server().url}/orders/${order!.id}`);
  await blockOrderBuyer(page, buyer.nickname);
  await expect(page.getByRole('textbox', { name: /^Reply/ })).toHaveCount(0);
  const orderText = (await page.locator('body').textContent()) ?? '';
  for (const secret of secrets) expect(orderText).not.toContain(secret);
  expect(orderText).not.toContain('@example.com');
  await screenshotBothThemes(page, 'team-operator-order', (n) => testInfo.outputPath(n));

  // Blocked buyers lists the block, still without the buyer's personal data.
  await page.goto(`${server().url}/blocked-buyers?list=order&buyer=${buyer.id}`);
  const table = page.getByRole('table', { name: /Blocked from buying/ });
  await expect(table.getByRole('row', { name: new RegExp(buyer.nickname) })).toBeVisible();
  const blockedText = (await page.locator('body').textContent()) ?? '';
  for (const secret of secrets) expect(blockedText).not.toContain(secret);
  expect(blockedText).not.toContain('@example.com');

  // The team page is the seller's alone.
  await page.goto(`${server().url}/team`);
  await expect(page.getByRole('heading', { name: 'Only the account owner can use this page' })).toBeVisible();

  // The seller sees the block, and the operator on its team.
  await sellerPage.goto(`${server().url}/blocked-buyers?list=order&buyer=${buyer.id}`);
  await expect(
    sellerPage
      .getByRole('table', { name: /Blocked from buying/ })
      .getByRole('row', { name: new RegExp(buyer.nickname) }),
  ).toBeVisible();
  await sellerPage.goto(`${server().url}/team`);
  await expect(
    sellerPage.getByRole('table', { name: 'Team members' }).getByRole('row', { name: /SOPORTE_PALERMO/ }),
  ).toContainText('Manage blocked buyers');
  await expect(sellerPage.getByRole('heading', { name: 'Personal data access log' })).toBeVisible();
  await screenshotBothThemes(sellerPage, 'team-seller', (n) => testInfo.outputPath(n));
  await sellerContext.close();
});
