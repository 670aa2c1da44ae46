import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { ownServer, signInAsDemo } from './support/own-server.ts';
import { screenshotBothThemes } from './support/workspace-session.ts';

// A server of its own: the journey blocks buyers.
const server = ownServer({ DEMO_ORDERS: '2000' });

test('select orders by click, shift-click and x; block their buyers, export them, open them in turn', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders?order.status=paid&limit=10');
  const rows = page.locator('tbody tr[data-order-id]');
  await expect(rows).toHaveCount(10);
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-order-id'))));

  // A click, then a shift-click four rows down: rows 1 to 4.
  await rows.nth(1).getByRole('checkbox').click();
  await rows
    .nth(4)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  const bar = page.getByRole('region', { name: 'Selected orders' });
  await expect(bar.getByRole('status')).toHaveText('4 orders selected');
  for (const index of [1, 2, 3, 4]) await expect(rows.nth(index)).toHaveAttribute('data-selected', 'true');
  await expect(rows.nth(0)).toHaveAttribute('data-selected', 'false');
  await expect(page.getByRole('checkbox', { name: 'Select every order on this page' })).toHaveJSProperty(
    'indeterminate',
    true,
  );

  // The keyboard: from the sixth row's link, j to the seventh, and x selects it.
  await rows.nth(5).locator('[data-order-link]').focus();
  await page.keyboard.press('j');
  await expect(rows.nth(6)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('x');
  await expect(rows.nth(6)).toHaveAttribute('data-selected', 'true');
  await expect(bar.getByRole('status')).toHaveText('5 orders selected');
  const picked = [ids[1], ids[2], ids[3], ids[4], ids[6]];
  await screenshotBothThemes(page, 'selection-1440', (n) => testInfo.outputPath(n));
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotBothThemes(page, 'selection-390', (n) => testInfo.outputPath(n));
  await page.setViewportSize({ width: 1440, height: 900 });

  // Export the selection: exactly those orders, through the CSV library, formulas neutralised.
  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Export as CSV' }).click();
  const text = readFileSync(await (await download).path(), 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]!.startsWith('order_id,status,')).toBe(true);
  expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(picked);

  // Block their buyers: one confirmation listing each buyer once.
  const buyers = await Promise.all(
    picked.map((id) =>
      page.evaluate(
        async (orderId) =>
          ((await (await fetch(`/api/orders/${orderId}`)).json()) as { buyer: { nickname: string } }).buyer
            .nickname,
        id,
      ),
    ),
  );
  const unique = [...new Set(buyers)];
  await bar.getByRole('button', { name: 'Block their buyers…' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Block ${unique.length} buyers?\\?$`) });
  const listed = dialog.getByRole('list', { name: 'Buyers to block' }).getByRole('listitem');
  await expect(listed).toHaveText(unique);
  await dialog.getByLabel('Reason').selectOption('repeated_cancellations');
  await dialog.getByLabel('Note').fill('Blocked from the order list');
  await screenshotBothThemes(page, 'bulk-block-1440', (n) => testInfo.outputPath(n));
  await dialog.getByRole('button', { name: new RegExp(`^Block ${unique.length} buyers?$`) }).click();
  await expect(dialog).toBeHidden();
  await expect(bar).toBeHidden();
  await page.goto(`${server().url}/blocked-buyers?list=order`);
  const table = page.getByRole('table', { name: /Blocked from buying/ });
  for (const nickname of unique) {
    await expect(table.getByRole('row', { name: new RegExp(nickname) })).toContainText(
      'Blocked from the order list',
    );
  }

  // Open in turn: the first picked order, then next and previous through the selection only.
  await page.goto(`${server().url}/orders?order.status=paid&limit=10`);
  await expect(rows).toHaveCount(10);
  await rows.nth(2).getByRole('checkbox').check();
  await rows.nth(5).getByRole('checkbox').check();
  await rows.nth(8).getByRole('checkbox').check();
  await bar.getByRole('button', { name: 'Open one by one' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${ids[2]}\\?`));
  const steps = page.getByRole('navigation', { name: 'Orders of the list' });
  await expect(steps).toContainText('1 of 3 selected');
  await expect(steps.getByRole('button', { name: /Previous/ })).toBeDisabled();
  await steps.getByRole('button', { name: /Next/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${ids[5]}\\?`));
  await expect(steps).toContainText('2 of 3 selected');
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`/orders/${ids[8]}\\?`));
  await expect(steps.getByRole('button', { name: /Next/ })).toBeDisabled();
  await steps.getByRole('button', { name: /Previous/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${ids[5]}\\?`));
  // Back to the list: the list itself, its filters kept.
  await page.getByRole('link', { name: '← Orders' }).click();
  await expect(page).toHaveURL(/\/orders\?/);
  expect(page.url()).not.toContain('selection=');
  expect(page.url()).toContain('order.status=paid');
});
