import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ownServer, signInAsDemo } from './support/own-server.ts';
import { simulate } from './support/simulator.ts';

// A server of its own: the simulator changes the demo seller's orders, which other journeys count.
const server = ownServer({ DEMO_ORDERS: '2000' });

const rows = (page: Page) => page.locator('tbody tr[data-order-id]');

/** Where each row is on screen, top edge in CSS pixels. */
const rowTops = (list: Locator) =>
  list.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));

test('ticking rows leaves every row where it was: the next click lands on the row under the pointer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders?order.status=paid');
  await expect(page.locator('[data-results-for]')).toBeVisible();
  await expect(rows(page).nth(9)).toBeVisible();
  const before = await rowTops(rows(page));

  await rows(page).nth(4).getByRole('checkbox').click();
  const bar = page.getByRole('region', { name: 'Selected orders' });
  await expect(bar.getByRole('status')).toHaveText('1 order selected');
  expect(await rowTops(rows(page))).toEqual(before);

  // The pointer has not moved: a second click at the same place ticks the same row off again, and one below the next.
  await page.mouse.click(...(await centre(rows(page).nth(5).getByRole('checkbox'))));
  await expect(rows(page).nth(5)).toHaveAttribute('data-selected', 'true');
  await expect(bar.getByRole('status')).toHaveText('2 orders selected');
  expect(await rowTops(rows(page))).toEqual(before);

  // Clearing the selection moves nothing either, and the bar's actions are reachable by keyboard.
  await bar.getByRole('button', { name: 'Clear selection' }).focus();
  await page.keyboard.press('Enter');
  await expect(bar).toBeHidden();
  expect(await rowTops(rows(page))).toEqual(before);
});

test('changes arriving while the list is read do not move its rows', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders');
  await expect(page.locator('[data-results-for]')).toBeVisible();
  await expect(rows(page).nth(9)).toBeVisible();
  // A pointer resting on the sixth row.
  await page.mouse.move(...(await centre(rows(page).nth(5))));
  const under = await rows(page).nth(5).getAttribute('data-order-id');
  const before = await rowTops(rows(page));

  expect(await simulate(page, 'POST')).toBe(200);
  try {
    await expect(page.getByTestId('live-banner')).toContainText(/\d+ (updated|new)/);
  } finally {
    await simulate(page, 'DELETE');
  }
  expect(await rowTops(rows(page))).toEqual(before);
  const hovered = await page.evaluate(() =>
    document.querySelector('tbody tr:hover')?.getAttribute('data-order-id'),
  );
  expect(hovered).toBe(under);
});

test('the notifications list holds new entries while the pointer or the focus is in it, and says so', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  expect(await simulate(page, 'POST')).toBe(200);
  try {
    const entries = page.getByTestId('feed-list').getByTestId('feed-entry');
    await expect.poll(() => entries.count()).toBeGreaterThan(3);

    // The pointer on the third entry: the list stands still and the toolbar says why and how many wait.
    const read = entries.nth(2);
    await page.mouse.move(...(await centre(read)));
    const readId = await read.getAttribute('data-entry-id');
    const top = await read.evaluate((element) => Math.round(element.getBoundingClientRect().top));
    const status = page.getByTestId('feed-status');
    await expect(status).toContainText('Held while you read');
    const held = page.getByTestId('feed-new-count');
    await expect(held).toHaveText(/^[1-9]\d*$/);
    await expect.poll(async () => Number(await held.textContent())).toBeGreaterThan(1);
    const still = page.getByTestId('feed-list').locator(`[data-entry-id="${readId}"]`);
    expect(await still.evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBe(top);
    expect(await entries.nth(2).getAttribute('data-entry-id')).toBe(readId);

    // Focus in the list holds it as well, with the pointer gone.
    await still.focus();
    await page.mouse.move(5, 890);
    await expect.poll(async () => Number(await held.textContent())).toBeGreaterThan(2);
    expect(await entries.nth(2).getAttribute('data-entry-id')).toBe(readId);

    // Out of the list, the held entries go on top and the list is live again.
    await page.getByTestId('feed-pause').focus();
    await expect(held).toHaveCount(0);
    await expect(status).toContainText('Live');
    await expect.poll(async () => entries.nth(2).getAttribute('data-entry-id')).not.toBe(readId);
  } finally {
    await simulate(page, 'DELETE');
  }
});

async function centre(locator: Locator): Promise<[number, number]> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return [box.x + box.width / 2, box.y + box.height / 2];
}
