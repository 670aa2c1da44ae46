import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ownServer, signInAsDemo } from './support/own-server.ts';

// A server of its own: the journey blocks buyers.
const server = ownServer({ DEMO_ORDERS: '2000' });

/** Whether the element is wholly inside the window and nothing around it scrolls sideways to reach it. */
async function reachable(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  const scrollsSideways = await locator.evaluate((element) => {
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible')
        return true;
    }
    return false;
  });
  expect(scrollsSideways, 'something around it scrolls sideways').toBe(false);
}

test('on a phone, blocked buyers and the access log are cards with every action on screen', async ({
  page,
}) => {
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders?limit=10');
  const rows = page.locator('tbody tr[data-order-id]');
  await expect(rows).toHaveCount(10);
  const orderId = await rows.first().getAttribute('data-order-id');
  // Two buyers blocked from buying, through the API as the dashboard calls it; an order page read (a personal-data
  // access on the log).
  const blocked = await page.evaluate(async () => {
    const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' };
    const me = (await (await fetch('/api/users/me')).json()) as { id: number };
    const found = (await (await fetch(`/api/orders/search?seller=${me.id}&limit=20`)).json()) as {
      results: { buyer: { id: number; nickname: string } }[];
    };
    const buyers = [...new Map(found.results.map((order) => [order.buyer.id, order.buyer])).values()].slice(
      0,
      2,
    );
    for (const buyer of buyers) {
      await fetch(`/api/users/${me.id}/order_blacklist`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ user_id: buyer.id }),
      });
    }
    return buyers;
  });
  await page.goto(`${server().url}/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${orderId}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server().url}/blocked-buyers?list=order`);
  const list = page.getByRole('list', { name: /Blocked from buying/ });
  await expect(list.getByRole('listitem').filter({ hasText: blocked[0]!.nickname })).toBeVisible();
  const cards = await list.getByRole('listitem').count();
  for (const buyer of blocked) {
    const card = list.getByRole('listitem').filter({ hasText: buyer.nickname });
    await expect(card).toContainText('Blocked since');
    const unblock = card.getByRole('button', { name: /Unblock/ });
    await expect(unblock).toBeVisible();
    await reachable(page, unblock);
  }
  // The action still works from the card.
  await list
    .getByRole('listitem')
    .filter({ hasText: blocked[0]!.nickname })
    .getByRole('button', { name: /Unblock/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unblock' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(cards - 1);

  await page.goto(`${server().url}/team`);
  const log = page.getByRole('list', { name: 'Personal data access log' });
  await expect(log.getByRole('listitem').first()).toBeVisible();
  const entry = log.getByRole('listitem').first();
  for (const label of ['Read by', 'Whose data', 'Data', 'Where']) await expect(entry).toContainText(label);
  await reachable(page, entry);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('table', { name: 'Personal data access log' })).toBeVisible();
});
