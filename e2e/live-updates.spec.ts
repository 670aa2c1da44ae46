import { expect, test } from './fixtures.ts';
import { ownServer, signInAsDemo } from './support/own-server.ts';

// A server of its own: the simulator changes the demo sellers' orders, which other journeys count.
const server = ownServer();

test('a seller starts the simulator from the header and sees live changes arrive', async ({
  page,
}, testInfo) => {
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/notifications');
  const banner = page.getByRole('banner');
  await expect(banner.getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');

  const indicator = banner.getByTestId('live-indicator');
  await expect(indicator).toHaveAttribute('data-status', 'live');
  await expect(indicator).toHaveAccessibleName(/^Live updates: Live, 0 changes received$/);

  // Keyboard: the indicator opens its panel; the simulator is there in local use.
  await indicator.focus();
  await page.keyboard.press('Enter');
  const simulator = page.getByRole('region', { name: 'Simulator' });
  await expect(simulator).toBeVisible();
  await simulator.getByLabel('Changes per second').selectOption('20');
  await simulator.getByRole('button', { name: 'Start' }).click();
  await expect(simulator.getByRole('button', { name: 'Stop' })).toBeVisible();

  await expect(banner.getByTestId('live-count')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('live-last')).toContainText(/order \d+ is /);
  await expect(indicator).toHaveAccessibleName(/^Live updates: Live, [1-9]\d* changes? received$/);

  await simulator.getByRole('button', { name: 'Stop' }).click();
  await expect(simulator.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByTestId('live-region')).toHaveText('Simulator stopped');

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (value) => document.documentElement.classList.toggle('dark', value === 'dark'),
      theme,
    );
    await page.screenshot({ path: testInfo.outputPath(`live-updates-${theme}.png`) });
  }
  await page.keyboard.press('Escape');
  await expect(simulator).toBeHidden();
});
