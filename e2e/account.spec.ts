import { partialUserPrivateSchema } from '@mostrador/contracts';
import { expect, test } from './fixtures.ts';
import { type BffProcess, startBff } from './support/servers.ts';
import { screenshotBothThemes, signInAs } from './support/workspace-session.ts';

test.describe('account', () => {
  test('reputation as charts with the API’s numbers, addresses, payment methods and the connected app', async ({
    page,
  }, testInfo) => {
    await signInAs(page, 'BAZAR_COYOACAN', '/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    const me = partialUserPrivateSchema.parse(await (await page.request.get('/api/users/me')).json());
    if (!('transactions' in me.seller_reputation))
      throw new Error('the seed gives every seller a reputation');
    const sales = me.seller_reputation.transactions;

    const seller = page.getByTestId('seller-reputation');
    // Counts in the account's locale (Mexico), like its money; and why they exceed the order list's.
    await expect(seller).toContainText(`${sales.total.toLocaleString('es-MX')} sales`);
    await expect(seller).toContainText('The order list keeps the last 12 months');
    const salesLegend = seller.getByRole('list', { name: 'Sales' });
    await expect(salesLegend.getByRole('listitem').nth(0)).toHaveText(
      new RegExp(`Completed\\s*${sales.completed.toLocaleString('es-MX')}`),
    );
    await expect(salesLegend.getByRole('listitem').nth(1)).toHaveText(
      new RegExp(`Cancelled\\s*${sales.canceled.toLocaleString('es-MX')}`),
    );
    const ratings = seller.getByRole('list', { name: 'Ratings' });
    await expect(ratings.getByRole('listitem').first()).toHaveText(
      new RegExp(`Positive\\s*${Math.round(sales.ratings.positive * 100)}`),
    );
    await expect(
      page.getByRole('list', { name: 'Accepted payment methods' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Connected applications' })).toContainText('Mostrador');
    await expect(page.getByRole('switch', { name: 'Sell equals pay' })).toHaveAttribute(
      'aria-checked',
      String(me.status.immediate_payment),
    );
    await screenshotBothThemes(page, 'account', (name) => testInfo.outputPath(name));
  });

  test('sell equals pay: on and off again, each through a confirmation that explains it', async ({
    page,
  }) => {
    await signInAs(page, 'COMPRADOR_POLANCO', '/account');
    const toggle = page.getByRole('switch', { name: 'Sell equals pay' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    const status = async () =>
      partialUserPrivateSchema.parse(await (await page.request.get('/api/users/me')).json()).status;

    await toggle.click();
    const on = page.getByRole('dialog', { name: 'Turn on sell equals pay?' });
    await expect(on).toContainText('Buyers will have to pay through the marketplace');
    // Cancel changes nothing.
    await on.getByRole('button', { name: 'Cancel' }).click();
    await expect(on).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Space');
    await page.getByRole('dialog').getByRole('button', { name: 'Turn on' }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('live-region')).toHaveText('Sell equals pay is on.');
    expect(await status()).toMatchObject({
      immediate_payment: true,
      sell: { immediate_payment: { required: true, reasons: ['by_user'] } },
    });

    await toggle.click();
    const off = page.getByRole('dialog', { name: 'Turn off sell equals pay?' });
    await expect(off).toContainText('Buyers may again agree on the payment with you');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('live-region')).toHaveText('Sell equals pay is off.');
    expect((await status()).immediate_payment).toBe(false);
  });
});

test.describe('revoking the session’s own application', () => {
  // Revoking ends every token the account granted the application, in every session: on a server of its own.
  let bff: BffProcess;
  test.beforeAll(async () => {
    bff = await startBff({ RATE_LIMIT_PER_MINUTE: '100000', SIGNIN_LIMIT_PER_15_MINUTES: '1000' });
  });
  test.afterAll(async () => bff?.stop());

  test('asks, revokes, explains at sign-in; a stale tab is sent to sign in; signing in again works', async ({
    page,
    context,
  }) => {
    await page.goto(`${bff.url}/bff/login?return_to=${encodeURIComponent('/account')}`);
    await page.getByRole('button', { name: /^TIENDA_PALERMO \(/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    // A second tab of the same session, left on the account page.
    const stale = await context.newPage();
    const staleErrors: string[] = [];
    stale.on('console', (message) => {
      if (message.type() === 'error') staleErrors.push(message.text());
    });
    await stale.goto(`${bff.url}/account`);
    await expect(stale.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

    await page.getByRole('button', { name: 'Revoke Mostrador' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke Mostrador?' });
    await expect(dialog).toContainText('including this session');
    await dialog.getByRole('button', { name: 'Revoke access' }).click();
    await expect(page).toHaveURL(/\/sign-in\?ended=revoked/);
    await expect(
      page.getByRole('status').filter({ hasText: 'You revoked Mostrador’s access' }),
    ).toBeVisible();

    // The other tab is told (decision 0186): it lands on sign-in with the reason by itself, before any refused call.
    await expect(stale).toHaveURL(/\/sign-in\?ended=expired/);
    await expect(stale.getByText('The marketplace no longer accepts this session’s access')).toBeVisible();
    await expect(stale.getByRole('button', { name: 'Revoke Mostrador' })).toHaveCount(0);
    // Neither tab asked anything more with the revoked access.
    expect(staleErrors).toEqual([]);

    await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
    await page.getByRole('button', { name: /^TIENDA_PALERMO \(/ }).click();
    await page.goto(`${bff.url}/account`);
    await expect(page.getByRole('list', { name: 'Connected applications' })).toContainText('Mostrador');
  });
});
