import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { refreshFromBanner, simulate } from './support/simulator.ts';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function signIn(page: Page, nickname = 'TIENDA_PALERMO') {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
  await page.getByRole('button', { name: new RegExp(`^${nickname} \\(`) }).click();
  await expect(page).toHaveURL(/\/orders/);
  await expect(page.getByTestId('result-count')).toContainText('orders');
}

/** What the API itself says, read with the session from inside the page. */
async function api<T>(page: Page, path: string, headers: Record<string, string> = {}): Promise<T> {
  return page.evaluate(
    async ({ path, headers }) => {
      const res = await fetch(path, { headers });
      return res.json();
    },
    { path, headers },
  );
}

async function sellerId(page: Page): Promise<number> {
  return (await api<{ user: { user_id: number } }>(page, '/bff/session')).user.user_id;
}

const rows = (page: Page) => page.locator('tbody tr[data-order-id]');

test('filter by status and date, sort and page: all of it in the URL', async ({ page }) => {
  await signIn(page);
  const total = Number(
    (await page.getByTestId('result-count').textContent())?.match(/of ([\d,.]+)/)?.[1]?.replace(/\D/g, ''),
  );
  expect(total).toBeGreaterThan(10);

  await page.getByRole('button', { name: 'Status' }).click();
  await page.getByRole('checkbox', { name: 'Paid', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Paid', exact: true })).toBeChecked();
  await page.keyboard.press('Escape');
  const statusButton = page.getByRole('button', { name: 'Status, 1 selected' });
  await expect(statusButton).toBeFocused();
  await expect(page).toHaveURL(/order\.status=paid/);
  // A press elsewhere closes the panel too.
  await statusButton.click();
  await expect(page.getByRole('dialog', { name: 'Status, 1 selected' })).toBeVisible();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rows(page).first()).toBeVisible();
  for (const badge of await page.locator('tbody td:nth-child(7)').allTextContents())
    expect(badge).toBe('Paid');

  await page.getByRole('combobox', { name: 'Created' }).selectOption('90d');
  await expect(page).toHaveURL(/order\.date_created\.from=/);
  await expect(page.getByRole('list', { name: 'Filters in effect' })).toContainText('Created from');
  await expect(page.getByTestId('live-region')).toContainText(/orders, showing 1 to|No orders found/);

  // Newest first by default; one click on the column sorts oldest first.
  await page.getByRole('combobox', { name: 'Created' }).selectOption('');
  const firstNewest = await rows(page).first().getAttribute('data-order-id');
  await page.getByRole('button', { name: 'Created' }).click();
  await expect(page).toHaveURL(/sort=date_asc/);
  await expect(rows(page).first()).not.toHaveAttribute('data-order-id', firstNewest!);
  const dates = await page
    .locator('tbody time')
    .evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute('datetime')!)));
  expect(dates).toEqual([...dates].sort((a, b) => a - b));

  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page).toHaveURL(/limit=10(&|$)/);
  await expect(rows(page)).toHaveCount(10);
  const firstPage = await rows(page).first().getAttribute('data-order-id');
  await page
    .getByRole('navigation', { name: 'Pages of orders' })
    .getByRole('button', { name: 'Next' })
    .click();
  await expect(page).toHaveURL(/offset=10/);
  await expect(page.getByTestId('result-count')).toContainText('11–20 of');
  expect(await rows(page).first().getAttribute('data-order-id')).not.toBe(firstPage);

  // The URL is the state: a reload shows the same page of the same filter.
  const url = page.url();
  await page.reload();
  await expect(page.getByTestId('result-count')).toContainText('11–20 of');
  expect(page.url()).toBe(url);

  // A filter that matches nothing says so, distinctly from an empty account.
  await page.getByRole('searchbox', { name: 'Search orders' }).fill('zzzz-no-such-order');
  await expect(page.getByRole('heading', { name: 'No orders match these filters' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');

  await page.screenshot({ path: 'test-results/orders-list-light.png' });
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await page.screenshot({ path: 'test-results/orders-list-dark.png' });
});

test('an order: total with shipping, converted, and the discount breakdown', async ({ page }) => {
  await signIn(page);
  const seller = await sellerId(page);
  // An order with discounts and a shipment, found the way any client would.
  const found = await api<{ results: { id: number; shipping: { id: number | null } }[] }>(
    page,
    `/api/orders/search?seller=${seller}&tags=order_has_discount&order.status=paid&limit=51`,
  );
  const target = found.results.find((order) => order.shipping.id !== null);
  expect(target, 'the seed has paid orders with discounts and shipments').toBeTruthy();
  const order = await api<{ total_amount: number; taxes: { amount: number | null }; currency_id: string }>(
    page,
    `/api/orders/${target!.id}`,
    { 'x-format-new': 'true' },
  );
  const shipment = await api<{ lead_time: { cost: number } }>(page, `/api/shipments/${target!.shipping.id}`, {
    'x-format-new': 'true',
  });
  const discounts = await api<{ details: { items: { amounts: { total: number; seller: number } }[] }[] }>(
    page,
    `/api/orders/${target!.id}/discounts`,
  );
  const expected =
    Math.round((order.total_amount + (order.taxes.amount ?? 0) + shipment.lead_time.cost) * 100) / 100;
  const money = (amount: number) =>
    nbsp(
      new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', currencyDisplay: 'code' }).format(
        amount,
      ),
    );

  await page.goto(`/orders/${target!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${target!.id}`);
  await expect(page.getByTestId('total-value')).toHaveText(money(expected));

  const discountTotal = discounts.details
    .flatMap((d) => d.items)
    .reduce((sum, item) => sum + item.amounts.total, 0);
  const sellerPart = discounts.details
    .flatMap((d) => d.items)
    .reduce((sum, item) => sum + item.amounts.seller, 0);
  const footer = page.getByTestId('discounts').locator('tfoot tr');
  await expect(footer).toContainText(money(Math.round(discountTotal * 100) / 100));
  await expect(footer).toContainText(money(Math.round(sellerPart * 100) / 100));
  await expect(footer).toContainText(money(Math.round((discountTotal - sellerPart) * 100) / 100));

  const conversion = await api<{ ratio: number }>(page, '/api/currency_conversions/search?from=ARS&to=USD');
  await page.getByLabel('Convert to').selectOption('USD');
  const usd = Math.round(expected * conversion.ratio * 100) / 100;
  await expect(page.getByTestId('converted-total')).toHaveText(
    nbsp(new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'USD' }).format(usd)),
  );
  // The rate in the account's locale, to six significant digits: never the API's twelve decimals.
  const rate = new Intl.NumberFormat('es-AR', { maximumSignificantDigits: 6 }).format(conversion.ratio);
  await expect(page.getByTestId('conversion-source')).toContainText(`1 ARS = ${rate} USD`);
  await expect(page.getByTestId('conversion-source')).toContainText('rates of');

  await page.screenshot({ path: 'test-results/orders-detail-light.png', fullPage: true });
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await page.screenshot({ path: 'test-results/orders-detail-dark.png', fullPage: true });
});

test('CSV export of the current filter, every page', async ({ page }) => {
  await signIn(page);
  await page.goto('/orders?order.status=paid&limit=10');
  const count = page.getByTestId('result-count');
  await expect(count).toContainText('of');
  const total = Number((await count.textContent())!.match(/of ([\d.,]+)/)![1]!.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(51); // more than one page of the export

  const download = page.waitForEvent('download');
  // The live connection announces itself once it is up: let it, so the export's own announcements are the last.
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'order_id,status,date_created,date_closed,last_updated,buyer_id,buyer_nickname,seller_id,items,quantity,currency_id,total_amount,paid_amount,taxes_amount,coupon_amount,shipping_id,tags,pack_id,seller_receives',
  );
  const body = lines.slice(1);
  // Other journeys may add paid orders meanwhile (the simulator): never fewer than the list showed.
  expect(body.length).toBeGreaterThanOrEqual(total);
  expect(new Set(body.map((line) => line.split(',')[0])).size).toBe(body.length);
  for (const line of body) expect(line.split(',')[1]).toBe('paid');
  // What the seller receives closes each record: a plain number on every paid sale (decision 0280).
  for (const line of body) expect(line.split(',').at(-1)).toMatch(/^-?\d+(\.\d{1,2})?$/);
  await expect(page.getByTestId('live-region')).toHaveText(`Exported ${body.length} orders`);
});

test('keyboard only: move through the list, open an order, step to the next one', async ({ page }) => {
  await signIn(page);
  await page.goto('/orders?limit=10');
  await expect(rows(page)).toHaveCount(10);
  const ids = await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-order-id')));

  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.locator('main').focus();

  await page.keyboard.press('j');
  await expect(page.locator('[data-order-link]:focus')).toHaveText(`#${ids[0]}`);
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('k');
  await expect(page.locator('[data-order-link]:focus')).toHaveText(`#${ids[1]}`);
  await expect(rows(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${ids[1]}\\?limit=10`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${ids[1]}`);

  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${ids[2]}`);
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${ids[0]}`);
  await expect(page.getByRole('button', { name: /^Previous/ })).toBeDisabled();

  // The shortcuts are written down on the list.
  await page.getByRole('link', { name: '← Orders' }).click();
  await expect(page).toHaveURL(/\/orders\?limit=10$/);
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('definition').filter({ hasText: 'Open the order' })).toBeVisible();
});

test('a live banner when the simulator changes an order, without moving the focus', async ({ page }) => {
  await signIn(page);
  await expect(page.locator('[data-results-for]')).toBeVisible();
  await expect(page.getByTestId('live-banner')).toHaveCount(0);
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  await expect(search).toBeFocused();

  expect(await simulate(page, 'POST')).toBe(200);
  try {
    await expect(page.getByTestId('live-banner')).toContainText(/\d+ (updated|new)/);
  } finally {
    await simulate(page, 'DELETE');
  }
  await expect(search).toBeFocused();
  await page.screenshot({
    path: 'test-results/orders-live-banner.png',
    clip: { x: 0, y: 0, width: 1280, height: 360 },
  });
  await refreshFromBanner(page, 'Refresh');
});
