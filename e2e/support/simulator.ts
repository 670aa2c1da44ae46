import { expect, type Page } from '@playwright/test';

/** Starts (20 changes a second) or stops the demo simulator from inside the page, as its header control does. */
export function simulate(page: Page, method: 'POST' | 'DELETE'): Promise<number> {
  return page.evaluate(
    (method) =>
      fetch('/bff/simulator', {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
        body: method === 'POST' ? JSON.stringify({ rate: 20 }) : undefined,
      }).then((res) => res.status),
    method,
  );
}

/**
 * Refreshes the orders list from its live banner until no banner is left. Changes the simulator made before it was
 * stopped go on reaching the page for a while (on a busy machine, seconds): one that arrives after a refresh brings
 * the banner back, rightly. Each round clicks the banner's refresh and waits for the banner to go.
 */
export async function refreshFromBanner(page: Page, refresh: string): Promise<void> {
  const banner = page.getByTestId('live-banner');
  await expect(async () => {
    if ((await banner.count()) > 0)
      await banner.getByRole('button', { name: refresh }).click({ timeout: 5_000 });
    await expect(banner).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}
