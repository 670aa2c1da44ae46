import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Spec 1's table in the dashboard: the list filters by the row an order is in, and the order page says in plain
// words what a cancellation or a chargeback would do (docs/decisions/0093).

async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<T>;
}

const shots = process.env.E2E_SCREENSHOTS;

test('the orders list filters by delivery case and the order page explains what would happen', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Sign in with the marketplace' }).click();
  await page.getByRole('button', { name: /^TIENDA_PALERMO \(/ }).click();
  await expect(page.getByTestId('result-count')).toContainText('orders');
  const me = (await api<{ user: { user_id: number } }>(page, '/bff/session')).user.user_id;

  // The filter sets our delivery.case parameter; every row shown is in that case by the API's own search.
  const expected = await api<{ results: { id: number }[]; paging: { total: number } }>(
    page,
    `/api/orders/search?seller=${me}&delivery.case=own_with_evidence&sort=date_desc&limit=51`,
  );
  expect(expected.paging.total, 'the seed gives the demo seller proved own deliveries').toBeGreaterThan(0);
  await page.getByRole('button', { name: 'More filters' }).click();
  await page
    .getByRole('combobox', { name: 'If cancelled or charged back' })
    .selectOption('own_with_evidence');
  await expect(page).toHaveURL(/delivery\.case=own_with_evidence/);
  await expect(page.getByRole('list', { name: 'Filters in effect' })).toContainText('Own delivery, proved');
  const rows = page.locator('tbody tr[data-order-id]');
  await expect(rows.first()).toHaveAttribute('data-order-id', String(expected.results[0]!.id));
  const shown = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-order-id'))));
  const inCase = new Set(expected.results.map((o) => o.id));
  expect(shown.every((id) => inCase.has(id))).toBe(true);
  if (shots) {
    await page.screenshot({ path: `${shots}/delivery-filter-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.screenshot({ path: `${shots}/delivery-filter-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  }

  // The order page: what a chargeback would do to a sale delivered with proof.
  await page.goto(`/orders/${expected.results[0]!.id}`);
  const panel = page.getByRole('region', { name: 'If cancelled or charged back' });
  await expect(panel).toContainText('You delivered it and recorded proof');
  await expect(panel).toContainText(/If the buyer charges back now\s*(You are covered|Already charged back)/);
  await expect(panel).toContainText('If you cancel now');
  if (shots) {
    await panel.screenshot({ path: `${shots}/delivery-panel-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await panel.screenshot({ path: `${shots}/delivery-panel-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  }

  // A sale the carrier returned: the panel says what did happen.
  const returned = await api<{ results: { id: number; cancel_detail: { code: string } | null }[] }>(
    page,
    `/api/orders/search?seller=${me}&delivery.case=platform_shipped&order.status=cancelled&limit=51`,
  );
  const settled = returned.results.find((o) => o.cancel_detail?.code.endsWith('carrier_return'));
  expect(settled, 'the seed has carrier returns for the demo seller').toBeTruthy();
  await page.goto(`/orders/${settled!.id}`);
  await expect(panel).toContainText(/What happened: .*the carrier returns the item/);
  await expect(panel).toContainText('The order is closed: nothing more will happen to it.');
  if (shots) {
    await panel.screenshot({ path: `${shots}/delivery-panel-returned-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await panel.screenshot({ path: `${shots}/delivery-panel-returned-dark.png` });
  }
});
