import { expect, test } from './fixtures.ts';
import { ownServer, signInAsDemo } from './support/own-server.ts';

// A server of its own: moving the marketplace's clock expires tokens and may purge orders other journeys count.
const server = ownServer();

test("the application's owner sees the marketplace's time beside the simulator and advances it", async ({
  page,
}, testInfo) => {
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders');
  const banner = page.getByRole('banner');
  await expect(banner.getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');
  await banner.getByTestId('live-indicator').click();
  await expect(page.getByRole('region', { name: 'Simulator' })).toBeVisible();
  const clock = page.getByRole('region', { name: 'Marketplace time' });
  await expect(clock).toContainText('(the real time)');
  const before = Date.parse((await clock.locator('time').getAttribute('datetime')) ?? '');

  await clock.getByLabel('Advance by').selectOption('6h');
  // Every announcement from here on: after 18:00 UTC the move purges the seed's oldest orders, and the list's own
  // announcement of its new count follows the clock's, in the same reading or the next.
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="live-region"]')!;
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    new MutationObserver(() => heard.push(region.textContent ?? '')).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await clock.getByRole('button', { name: 'Advance' }).click();
  await expect(clock).toContainText('(6 hours ahead)');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard))
    .toContainEqual(expect.stringMatching(/^Marketplace time is now /));
  const after = Date.parse((await clock.locator('time').getAttribute('datetime')) ?? '');
  expect(after - before).toBeGreaterThanOrEqual(6 * 3_600_000);

  // The dashboard goes on at the new time: its token was refreshed, the orders still load.
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.getByRole('banner').getByTestId('live-indicator').click();
    await expect(clock).toContainText('6 hours ahead');
    // The whole panel is on the screen at either width.
    const box = await clock.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`test-clock-${width}.png`) });
    await page.keyboard.press('Escape');
    await expect(clock).toBeHidden();
  }

  await page.getByRole('banner').getByTestId('live-indicator').click();
  await clock.getByRole('button', { name: 'Reset' }).click();
  await expect(clock).toContainText('(the real time)');
  await expect(clock.getByRole('button', { name: 'Reset' })).toBeHidden();
});

test('nobody but the owner sees the clock', async ({ page }) => {
  await signInAsDemo(page, server().url, 'LOJA_PINHEIROS', '/orders');
  const banner = page.getByRole('banner');
  await expect(banner.getByTestId('signed-in-user')).toHaveText('LOJA_PINHEIROS');
  await banner.getByTestId('live-indicator').click();
  // The panel is open, without the owner's controls.
  const panel = page.locator(`#${await banner.getByTestId('live-indicator').getAttribute('aria-controls')}`);
  await expect(panel).toBeVisible();
  const answer = await page.request.get(`${server().url}/bff/clock`);
  expect(await answer.json()).toEqual({ available: false, now: null, offset_ms: null });
  await expect(panel.getByRole('region')).toHaveCount(0);
});
