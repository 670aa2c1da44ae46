import { expect, test } from './fixtures.ts';
import { ownServer, signInAsDemo } from './support/own-server.ts';
import { blockOrderBuyer } from './support/workspace-session.ts';

// A server of its own: blocking a buyer changes what other journeys may buy.
const server = ownServer({ DEMO_ORDERS: '2000' });

test('a buyer blocked from the order page shows up in Blocked buyers and in block search, and is unblocked there', async ({
  page,
}) => {
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders');
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');

  // A paid order of another buyer than the demo ones, found the way any client would.
  const json = async <T>(path: string) =>
    page.evaluate(async (p) => (await fetch(p, { credentials: 'same-origin' })).json(), path) as Promise<T>;
  const me = await json<{ id: number }>('/api/users/me');
  const found = await json<{ results: { id: number; buyer: { id: number; nickname: string } }[] }>(
    `/api/orders/search?seller=${me.id}&order.status=paid&limit=51`,
  );
  const order = found.results.find((o) => !o.buyer.nickname.startsWith('COMPRADOR'));
  expect(order, 'the seed has paid orders of other buyers').toBeTruthy();
  const { id: buyerId, nickname } = order!.buyer;

  await page.goto(`${server().url}/orders/${order!.id}`);
  await blockOrderBuyer(page, nickname);

  // The marketplace's block search finds the block the order page made.
  const search = await json<{ users: { id: number }[]; paging: { total: number } }>(
    `/api/block-api/search/users/${me.id}?type=blocked_by_order&user_blocked=${buyerId}&caller.id=${me.id}`,
  );
  expect(search.users.map((u) => u.id)).toEqual([buyerId]);

  // And the Blocked buyers workspace lists it, with the block in its activity, and unblocks it.
  await page.goto(`${server().url}/blocked-buyers?list=orders&buyer=${buyerId}`);
  const table = page.getByRole('table', { name: /Blocked from buying/ });
  const row = table.getByRole('row', { name: new RegExp(nickname) });
  await expect(row).toBeVisible();
  const activity = page.getByRole('list', { name: 'Blocks and unblocks, newest first' });
  await expect(activity.getByRole('listitem').first()).toContainText(nickname);
  await expect(activity.getByRole('listitem').first()).toContainText('Blocked');
  await row.getByRole('button', { name: /Unblock/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unblock' }).click();
  await expect(table.getByRole('row', { name: new RegExp(nickname) })).toHaveCount(0);
  const after = await json<{ users: { id: number }[] }>(
    `/api/block-api/search/users/${me.id}?type=blocked_by_order&user_blocked=${buyerId}&caller.id=${me.id}`,
  );
  expect(after.users).toEqual([]);
});
