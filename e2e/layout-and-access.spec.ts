import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshotBothThemes, signInAs } from './support/workspace-session.ts';

interface Workspace {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  /** What shows once the workspace has its data: the checks run on the page as people read it. */
  ready: (page: Page) => Locator;
}

/** An order of the account's list, as the list links it. */
async function firstOrderPath(page: Page): Promise<string> {
  await page.goto('/orders');
  const link = page.locator('[data-order-link]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '/orders';
}

const WORKSPACES: readonly Workspace[] = [
  { name: 'orders', path: '/orders', ready: (page) => page.locator('[data-results-for]') },
  {
    name: 'order',
    path: firstOrderPath,
    ready: (page) => page.getByRole('region', { name: 'Buyer' }),
  },
  {
    name: 'blocked-buyers',
    path: '/blocked-buyers',
    ready: (page) => page.getByText(/\d+–\d+ of \d+ blocked buyers?/),
  },
  { name: 'team', path: '/team', ready: (page) => page.getByText(/of [\d.,]+ reads?/) },
  {
    name: 'account',
    path: '/account',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Account' }),
  },
  {
    name: 'notifications',
    path: '/notifications',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Notifications' }),
  },
  {
    name: 'reviews',
    path: '/reviews',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Reviews' }),
  },
  {
    name: 'locations',
    path: '/locations',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Locations' }),
  },
];

async function open(page: Page, workspace: Workspace) {
  const path = typeof workspace.path === 'string' ? workspace.path : await workspace.path(page);
  await page.goto(path);
  await expect(workspace.ready(page).first()).toBeVisible();
  // No skeleton left: what is checked is what people read.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** How far the page reaches past the screen's right edge, in CSS pixels (0: nothing needs a sideways scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('no workspace needs a sideways scroll', async ({ page }, testInfo) => {
    await signInAs(page, 'TIENDA_PALERMO', '/orders');
    for (const workspace of WORKSPACES) {
      await open(page, workspace);
      expect(await overflow(page), `${workspace.name} at 390 px`).toBe(0);
      await screenshotBothThemes(page, `phone-${workspace.name}`, (name) => testInfo.outputPath(name));
    }
  });

  test('orders are cards with the order, buyer, total, status and tags; discounts list their amounts', async ({
    page,
  }) => {
    await signInAs(page, 'TIENDA_PALERMO', '/orders?tags=order_has_discount');
    await expect(page.getByRole('table')).toHaveCount(0);
    const cards = page.getByRole('list', { name: /^Orders/ }).getByRole('listitem');
    const card = cards.first();
    await expect(card).toBeVisible();
    await expect(card.locator('[data-order-link]')).toHaveText(/^#\d+$/);
    await expect(card).toContainText(/[A-Z_]+\d*/);
    await expect(card).toContainText(/ARS\s[\d.]+,\d{2}/);
    await expect(card).toContainText('Discount');
    const box = await card.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);

    // The whole card opens the order.
    await card.click({ position: { x: 20, y: (box?.height ?? 40) - 10 } });
    const discounts = page.getByTestId('discounts');
    await expect(discounts).toBeVisible();
    // Each amount on its own line, with its label: nothing runs into the next.
    for (const label of ['Total', 'Borne by you', 'Borne by the platform']) {
      const row = discounts.locator('dl div').filter({ has: page.locator('dt', { hasText: label }) });
      await expect(row.first()).toContainText(/ARS\s[\d.]+,\d{2}$/);
    }
    expect(await overflow(page)).toBe(0);
  });

  test('blocked buyers and team keep their actions on screen', async ({ page }) => {
    await signInAs(page, 'TIENDA_PALERMO', '/blocked-buyers');
    const unblock = page.getByRole('button', { name: /^Unblock/ }).first();
    await expect(unblock).toBeInViewport({ ratio: 1 });
    // A list of cards, not a table: nothing scrolls sideways inside.
    const cards = page.getByRole('list', { name: /^Blocked from buying/ });
    expect(
      await cards.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0)),
    ).toBe(true);
    await page.goto('/team');
    await expect(page.getByRole('button', { name: /^Edit/ }).first()).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: /^Remove/ }).first()).toBeInViewport({ ratio: 1 });
  });
});

test.describe('at 1280 and 1440 px', () => {
  for (const width of [1280, 1440]) {
    test(`the order list at ${width} px shows every column, the added ones too, with nothing clipped`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, 'TIENDA_PALERMO', '/orders');
      await expect(page.locator('[data-results-for]')).toBeVisible();
      const table = page.getByRole('table', { name: /^Orders/ });
      const fits = () =>
        table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0));
      expect(await fits()).toBe(true);

      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('checkbox', { name: 'Payment' }).check();
      await page.getByRole('checkbox', { name: 'Last updated' }).check();
      await page.keyboard.press('Escape');
      await expect(table.getByRole('columnheader', { name: 'Updated' })).toBeVisible();
      expect(await fits()).toBe(true);
      for (const name of ['Order', 'Created', 'Buyer', 'Total', 'Status', 'Payment', 'Updated'])
        await expect(table.getByRole('columnheader', { name, exact: true })).toBeInViewport({ ratio: 1 });
      // The tags are read beside the status when the added columns need their room.
      const tagged = table
        .getByRole('row')
        .filter({ hasText: /Delivered|Not delivered/ })
        .first();
      await expect(tagged.getByText(/^(Delivered|Not delivered)$/).first()).toBeInViewport({ ratio: 1 });
    });
  }
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds nothing on any workspace in ${theme} mode`, async ({ page }) => {
      test.slow();
      await page.addInitScript((value) => localStorage.setItem('mostrador.theme', value), theme);
      await signInAs(page, 'TIENDA_PALERMO', '/orders');
      for (const workspace of WORKSPACES) {
        await open(page, workspace);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          theme === 'dark',
        );
        const results = await new AxeBuilder({ page }).analyze();
        const found = results.violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(' | ')}`,
        );
        expect(found, `${workspace.name} in ${theme} mode`).toEqual([]);
      }
    });
  }
});
