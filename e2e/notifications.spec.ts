import Database from 'better-sqlite3';
import { expect, test } from './fixtures.ts';
import { ownServer, signInAsDemo } from './support/own-server.ts';
import { simulate } from './support/simulator.ts';
import { screenshotBothThemes } from './support/workspace-session.ts';

// A server of its own: the simulator changes the demo sellers' orders, which other journeys count.
const server = ownServer();

test('the feed receives the simulator’s changes, pauses and resumes, shows attempts, and redelivers', async ({
  page,
}, testInfo) => {
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/notifications');
  const banner = page.getByRole('banner');
  await expect(banner.getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
  await expect(page.getByTestId('deactivated-banner')).toHaveCount(0);

  // The simulator, started from the app's live indicator.
  await banner.getByTestId('live-indicator').click();
  const simulator = page.getByRole('region', { name: 'Simulator' });
  await simulator.getByLabel('Changes per second').selectOption('20');
  await simulator.getByRole('button', { name: 'Start' }).click();
  await expect(simulator.getByRole('button', { name: 'Stop' })).toBeVisible();
  await page.keyboard.press('Escape');

  const entries = page.getByTestId('feed-list').getByTestId('feed-entry');
  await expect(entries.first()).toBeVisible();

  // Paused: the list holds still, the "N new" marker counts, and focus stays where it is.
  const pause = page.getByTestId('feed-pause');
  await pause.click();
  await expect(pause).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('live-region')).toHaveText('Feed paused; new notifications are counted');
  const shown = await entries.count();
  const newCount = page.getByTestId('feed-new-count');
  await expect(newCount).toHaveText(/^[1-9]\d*$/);
  const firstCount = Number(await newCount.textContent());
  await expect.poll(async () => Number(await newCount.textContent())).toBeGreaterThan(firstCount);
  expect(await entries.count()).toBe(shown);
  await expect(pause).toBeFocused();

  // Resumed by keyboard: the held entries are on top, the marker is gone, focus has not moved.
  await page.keyboard.press('Enter');
  await expect(pause).toHaveAttribute('aria-pressed', 'false');
  await expect(newCount).toHaveCount(0);
  await expect.poll(() => entries.count()).toBeGreaterThan(shown + firstCount);
  await expect(pause).toBeFocused();
  await expect(page.getByTestId('live-region')).toHaveText(/^Feed resumed, \d+ new shown$/);

  // Stop the simulator so the redelivered entry is the newest one.
  await banner.getByTestId('live-indicator').click();
  await simulator.getByRole('button', { name: 'Stop' }).click();
  await expect(simulator.getByRole('button', { name: 'Start' })).toBeVisible();
  await page.keyboard.press('Escape');

  // An entry's payload, its order, and the marketplace's delivery attempts with status and latency.
  // Changes sent before the simulator stopped may still arrive and push the list down: the entry is held by its id.
  const entryId = await entries.nth(2).getAttribute('data-entry-id');
  const entry = page.getByTestId('feed-list').locator(`[data-entry-id="${entryId}"]`);
  await entry.click();
  await expect(entry).toHaveAttribute('aria-pressed', 'true');
  const details = page.getByRole('region', { name: `Notification ${entryId}` });
  await expect(details.getByTestId('entry-payload')).toContainText('"resource": "/orders/');
  const orderLink = details.getByRole('link', { name: /^order \d+$/ });
  const orderId = ((await orderLink.textContent()) ?? '').replace('order ', '');
  await expect(orderLink).toHaveAttribute('href', `/orders/${orderId}`);
  const attempts = details.getByRole('table', { name: 'Delivery attempts' });
  await expect(attempts.getByTestId('attempt-row').first()).toBeVisible();
  // The marketplace's answer as it was: on a busy machine the receiver may have answered after the spec's 500 ms,
  // which the platform counts as a failed attempt and shows as such.
  await expect(attempts.getByTestId('attempt-row').first().getByRole('cell').nth(2)).toHaveText(
    /^(200|timeout)$/,
  );
  await expect(attempts.getByTestId('attempt-row').first().getByRole('cell').nth(3)).toHaveText(/^\d+ ms$/);

  await screenshotBothThemes(page, 'notifications', (name) => testInfo.outputPath(name));

  // Redeliver: the same notification goes through the dashboard's receiver again and reaches the feed as a new entry.
  // Entries held while the focus was in the list, and changes the simulator sent before it stopped, may land beside
  // it: the redelivered entry is found by what it says, not by its place or the list's length.
  const redelivered = entries.filter({ hasText: 'redelivered' });
  await expect(redelivered).toHaveCount(0);
  await details.getByRole('button', { name: 'Redeliver' }).click();
  await expect(page.getByTestId('live-region')).toHaveText(`Notification ${entryId} redelivered`);
  await expect(redelivered).toHaveCount(1);
  await expect(redelivered).toContainText(`Order ${orderId}`);
  await redelivered.click();
  await expect(page.getByText('Redelivered from the dashboard')).toBeVisible();

  // The topic filter lives in the URL; the other topic's entries leave the list.
  await page.getByLabel('Topic').selectOption('orders_feedback');
  await expect(page).toHaveURL(/topic=orders_feedback/);
  // Each entry names its topic for people, never by its code.
  for (const text of await page.getByTestId('feed-list').getByTestId('feed-entry').allTextContents()) {
    expect(text).toContain('Feedback changes');
    expect(text).not.toContain('orders_feedback');
  }
});

test('deactivated notifications show a banner, and Reactivate turns them back on', async ({ page }) => {
  // Eight failed deliveries take minutes of retry delays; the marketplace records them by clearing this flag,
  // so the journey sets the same state directly.
  const db = new Database(server().databaseFile);
  const active = () =>
    (
      db.prepare('select notifications_active as a from applications where id = ?').get(5503910054141466) as {
        a: number;
      }
    ).a;
  try {
    db.prepare('update applications set notifications_active = 0 where id = ?').run(5503910054141466);
    await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/notifications');
    const banner = page.getByTestId('deactivated-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Notifications are off');
    await banner.getByRole('button', { name: 'Reactivate' }).click();
    await expect(banner).toHaveCount(0);
    expect(active()).toBe(1);
  } finally {
    db.close();
  }
});

test('a seller who does not own the application sees the feed, and no banner or history that is the owner’s', async ({
  page,
  browser,
}, testInfo) => {
  const db = new Database(server().databaseFile);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  // The simulator is the owner's to run; it changes every seller's orders, this one's too.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  try {
    await signInAsDemo(owner, server().url, 'TIENDA_PALERMO', '/notifications');
    await expect(owner.getByRole('banner').getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');
    expect(await simulate(owner, 'POST')).toBe(200);

    await signInAsDemo(page, server().url, 'LOJA_PINHEIROS', '/notifications');
    await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText('LOJA_PINHEIROS');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const entries = page.getByTestId('feed-list').getByTestId('feed-entry');
    await expect(entries.first()).toBeVisible();
    expect(await simulate(owner, 'DELETE')).toBe(200);
    // Off now: the owner would see the banner; this seller is not asked about it at all.
    db.prepare('update applications set notifications_active = 0 where id = ?').run(5503910054141466);
    await page.reload();
    await expect(entries.first()).toBeVisible();

    const entryId = await entries.first().getAttribute('data-entry-id');
    await page.getByTestId('feed-list').locator(`[data-entry-id="${entryId}"]`).click();
    const details = page.getByRole('region', { name: `Notification ${entryId}` });
    await expect(details.getByTestId('entry-payload')).toContainText('"resource": "/orders/');
    await expect(details.getByTestId('attempts-owner-only')).toHaveText(
      'The delivery history is shown to the application’s owner only.',
    );
    await expect(page.getByTestId('deactivated-banner')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('notifications-not-owner.png'), fullPage: true });
    expect(refused).toEqual([]);
  } finally {
    await simulate(owner, 'DELETE').catch(() => undefined);
    await ownerContext.close();
    db.prepare('update applications set notifications_active = 1 where id = ?').run(5503910054141466);
    db.close();
  }
});
