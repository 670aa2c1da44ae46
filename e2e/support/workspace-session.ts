import { expect, type Page } from '@playwright/test';

/** Signs in through the platform's page as a demo account and lands on `returnTo`. */
export async function signInAs(page: Page, nickname: string, returnTo: string): Promise<void> {
  await page.goto(`/bff/login?return_to=${encodeURIComponent(returnTo)}`);
  await page.getByRole('button', { name: new RegExp(`^${nickname} \\(`) }).click();
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText(nickname);
}

/** Full-page screenshots of the current workspace in light and dark, kept with the test's artifacts. */
export async function screenshotBothThemes(page: Page, name: string, outputPath: (name: string) => string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('mostrador.theme', value);
      document.documentElement.classList.toggle('dark', value === 'dark');
    }, theme);
    await page.screenshot({ path: outputPath(`${name}-${theme}.png`), fullPage: true });
  }
  await page.evaluate(() => {
    localStorage.removeItem('mostrador.theme');
    document.documentElement.classList.remove('dark');
  });
}

/**
 * A support operator, signed in, works on `seller`'s account: it may land there already (where it last worked, or
 * its only account); else its own empty list offers the account.
 */
export async function workOn(page: Page, seller: string): Promise<void> {
  const offer = page.getByRole('button', { name: `Work on ${seller}` });
  const acting = page.getByRole('banner').getByTestId('acting-for');
  await expect(offer.or(acting)).toBeVisible();
  if (await offer.isVisible()) await offer.click();
  await expect(acting).toHaveText(`for ${seller}`);
}

/**
 * On an order's page, blocks its buyer from buying through the block dialog, with a reason and a note when given;
 * returns the page's block panel, which then says so.
 */
export async function blockOrderBuyer(
  page: Page,
  nickname: string,
  { reason, note }: { reason?: string; note?: string } = {},
) {
  const panel = page.getByRole('region', { name: 'Block this buyer' });
  await panel.getByRole('button', { name: 'Block buyer…' }).click();
  const dialog = page.getByRole('dialog', { name: `Block ${nickname}?` });
  // The seller reads "my items"; a team member reads the seller's name.
  await dialog.getByRole('checkbox', { name: /^Buying on (my|\S+’s) items$/ }).check();
  if (reason !== undefined) await dialog.getByLabel('Reason').selectOption(reason);
  if (note !== undefined) await dialog.getByLabel('Note').fill(note);
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(panel).toContainText(
    new RegExp(`${nickname} is blocked from buying on (your|\\S+’s) items\\.`),
  );
  return panel;
}
