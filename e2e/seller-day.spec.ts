import { readFileSync } from 'node:fs';
import type { Language } from '@mostrador/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { messages } from './support/messages.ts';
import { ownServer, signInAsDemo } from './support/own-server.ts';
import { screenshotBothThemes } from './support/workspace-session.ts';

// A server of its own: the journeys raise fraud alerts, cancel orders and reply to feedback.
const server = ownServer({ DEMO_ORDERS: '2000' });

type Queue = {
  id: string;
  count: number;
  exact: boolean;
  search: Record<string, string>;
  entries: { order_id: number }[];
};
type Today = { queues: Queue[]; projection: { state: string } };
type Insights = {
  currency_id: string;
  period: { from: string; to: string };
  figures: { orders: number; units: number; sales: number };
  sales_by_day: unknown[];
  orders_by_status: { status: string; orders: number }[];
  top_products: { item_id: string; title: string }[];
  projection: { state: string };
};

const read = <T>(page: Page, path: string) =>
  page.evaluate(
    async (p) => (await fetch(p, { headers: { 'x-format-new': 'true' } })).json(),
    path,
  ) as Promise<T>;
const post = (page: Page, path: string) =>
  page.evaluate(
    async (p) => (await fetch(p, { method: 'POST', headers: { 'X-Requested-With': 'fetch' } })).status,
    path,
  );

/** The day as the BFF answers it, once the first fill of the seller's orders has ended. */
async function readyToday(page: Page): Promise<Today> {
  await expect.poll(async () => (await read<Today>(page, '/bff/today')).projection.state).toBe('ready');
  return read<Today>(page, '/bff/today');
}

/** How many orders the API's own search finds for a queue's list. */
async function apiCount(page: Page, sellerId: number, search: Record<string, string>): Promise<number> {
  const query = new URLSearchParams({ ...search, seller: String(sellerId), limit: '1' });
  return (await read<{ paging: { total: number } }>(page, `/api/orders/search?${query}`)).paging.total;
}

const count = (page: Page, queue: string) => page.locator(`[data-queue="${queue}"] [data-queue-count]`);

const LANGUAGES = ['en', 'es', 'pt-BR'] as const satisfies Language[];

for (const [index, language] of LANGUAGES.entries()) {
  test.describe(`a seller's day in ${language}`, () => {
    test.use({ language });
    const t = messages(language);

    test('Today’s queues count what the API’s searches count and lead to the same orders', async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/today');
      await expect(page.getByRole('heading', { level: 1, name: t('sellerDay.today.today') })).toBeVisible();
      // Today is the first page of the navigation.
      const nav = page.getByRole('navigation', { name: t('shell.sidebar.workspaces') });
      await expect(nav.getByRole('link').first()).toHaveText(t('shell.navItems.today'));

      const today = await readyToday(page);
      const me = await read<{ id: number }>(page, '/api/users/me');
      expect(today.queues.map((queue) => queue.id)).toEqual([
        'to_ship',
        'fraud_alerts',
        'replies_due',
        'unrated_sales',
        'open_mediations',
        'deliveries_at_risk',
      ]);
      for (const queue of today.queues) {
        await expect(count(page, queue.id)).toHaveText(String(queue.count));
        const found = await apiCount(page, me.id, queue.search);
        // Replies due: the search has no filter for a reply or its window, so its list holds them and more.
        if (queue.exact) expect(found, queue.id).toBe(queue.count);
        else expect(found, queue.id).toBeGreaterThanOrEqual(queue.count);
        const card = page.locator(`[data-queue="${queue.id}"]`);
        await expect(card.getByRole('listitem')).toHaveCount(queue.entries.length);
        if (queue.count === 0) await expect(card).toContainText(t(`sellerDay.queue.${camel(queue.id)}Empty`));
      }
      if (language === 'en')
        await screenshotBothThemes(page, 'today-1440', (name) => testInfo.outputPath(name));

      // A queue's link opens the list on the same orders: as many as the queue counts.
      const queue = today.queues.find((q) => q.exact && q.count > 0 && q.id !== 'fraud_alerts');
      expect(queue, 'the seed has orders waiting in an exact queue').toBeTruthy();
      await page
        .locator(`[data-queue="${queue!.id}"]`)
        .getByRole('link', { name: t('sellerDay.queue.openInOrders') })
        .click();
      await expect(page).toHaveURL(/\/orders\?/);
      for (const [key, value] of Object.entries(queue!.search))
        expect(new URL(page.url()).searchParams.get(key), key).toBe(value);
      await expect(
        page.getByRole('table', { name: t('orders.orderList.captionCount', { count: queue!.count }) }),
      ).toBeVisible();

      // Its most urgent entry opens that order.
      await page.goBack();
      const first = queue!.entries[0]!;
      await page
        .locator(`[data-queue="${queue!.id}"]`)
        .getByRole('listitem')
        .first()
        .getByRole('link')
        .click();
      await expect(page).toHaveURL(new RegExp(`/orders/${first.order_id}`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(String(first.order_id));
    });

    test('acting on an order takes it off its queue, live', async ({ page, context }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/today');
      await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
      const today = await readyToday(page);
      const me = await read<{ id: number }>(page, '/api/users/me');
      const fraud = today.queues.find((q) => q.id === 'fraud_alerts')!;
      await expect(count(page, 'fraud_alerts')).toHaveText(String(fraud.count));

      // The payment network flags a paid sale (a different one per language: the journeys share the server).
      const paid = await read<{ results: { id: number }[] }>(
        page,
        `/api/orders/search?seller=${me.id}&order.status=paid&tags.not=fraud_risk_detected&sort=date_desc&limit=10`,
      );
      const order = paid.results[index]!;
      expect(await post(page, `/api/orders/${order.id}/fraud_alert`)).toBe(200);
      await expect(count(page, 'fraud_alerts')).toHaveText(String(fraud.count + 1));

      // Cancelled from its page in another tab: the alert leaves Today's queue without a reload.
      const other = await context.newPage();
      await other.goto(`${server().url}/orders/${order.id}`);
      const banner = other.getByRole('alert').filter({ hasText: t('orders.fraudAlert.doNotShipThis') });
      await banner.getByRole('button', { name: t('orders.cancelOrder.fromFraudBanner') }).click();
      const dialog = other.getByRole('dialog', { name: t('orders.cancelOrder.title', { id: order.id }) });
      await dialog.getByRole('button', { name: t('orders.cancelOrder.confirm'), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(count(page, 'fraud_alerts')).toHaveText(String(fraud.count));

      // A reply to the buyer's feedback takes the sale off the replies due.
      const due = (await read<Today>(page, '/bff/today')).queues.find((q) => q.id === 'replies_due')!;
      expect(due.count, 'the seed has feedback waiting for a reply').toBeGreaterThan(0);
      await expect(count(page, 'replies_due')).toHaveText(String(due.count));
      const sale = due.entries[0]!;
      await other.goto(`${server().url}/orders/${sale.order_id}`);
      const reply = other.locator('textarea[id^="reply-"]');
      await reply.fill(t('sellerDay.today.today'));
      await reply
        .locator('xpath=ancestor::form')
        .getByRole('button', { name: t('orders.receivedFeedback.reply'), exact: true })
        .click();
      await expect(reply).toHaveCount(0);
      await expect(count(page, 'replies_due')).toHaveText(String(due.count - 1));
      await expect(page.locator('[data-queue="replies_due"]').getByText(`#${sale.order_id}`)).toHaveCount(0);
      await other.close();
    });

    test('Insights shows the period’s figures, its charts as tables, and their CSV', async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/insights?days=90');
      await expect(
        page.getByRole('heading', { level: 1, name: t('sellerDay.insights.insights') }),
      ).toBeVisible();
      await readyToday(page);
      const insights = await read<Insights>(page, '/bff/insights?days=90');
      const figure = (key: string) => page.locator(`[data-figure="${key}"] [data-figure-value]`);
      const digits = (value: number) => new Intl.NumberFormat('es-AR').format(value);
      await expect(figure('orders')).toHaveText(digits(insights.figures.orders));
      await expect(figure('units')).toHaveText(digits(insights.figures.units));
      await expect(
        page.getByRole('button', { name: t('sellerDay.period.lastDays', { days: 90 }) }),
      ).toHaveAttribute('aria-pressed', 'true');
      if (language === 'en')
        await screenshotBothThemes(page, 'insights-1440', (name) => testInfo.outputPath(name));

      // Each chart has its table: orders by status, as many as the figures say.
      const status = page.locator('[data-chart="orders_by_status"]');
      await status.getByRole('button', { name: t('sellerDay.chart.table'), exact: true }).click();
      const table = status.getByRole('table', { name: t('sellerDay.status.ordersByStatus') });
      await expect(table.locator('tbody tr')).toHaveCount(insights.orders_by_status.length);
      const paid = insights.orders_by_status.find((row) => row.status === 'paid')!;
      const paidRow = table
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: t('orderStatus.paid'), exact: true }) });
      await expect(paidRow).toContainText(digits(paid.orders));
      const days = page.locator('[data-chart="sales_by_day"]');
      await days.getByRole('button', { name: t('sellerDay.chart.table'), exact: true }).click();
      await expect(days.locator('tbody tr')).toHaveCount(insights.sales_by_day.length);

      // The top products' CSV: a header and a row per product.
      const products = page.locator('[data-chart="top_products"]');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        products
          .getByRole('button', {
            name: t('sellerDay.chart.downloadCsvOf', { title: t('sellerDay.products.topProducts') }),
          })
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe(
        `insights-top_products-${insights.period.from}-${insights.period.to}.csv`,
      );
      const lines = readFileSync(await download.path(), 'utf8')
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('item_id,title,units,revenue,currency');
      expect(lines).toHaveLength(insights.top_products.length + 1);
      expect(lines[1]).toContain(insights.top_products[0]!.item_id);

      // Another period: the address keeps it, the figures follow.
      await page.getByRole('button', { name: t('sellerDay.period.lastDays', { days: 7 }) }).click();
      await expect(page).toHaveURL(/\/insights\?days=7$/);
      const week = await read<Insights>(page, '/bff/insights?days=7');
      await expect(figure('orders')).toHaveText(digits(week.figures.orders));
    });
  });
}

/** `replies_due` → `repliesDue`, as the catalog names its messages. */
function camel(id: string): string {
  return id.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
}
