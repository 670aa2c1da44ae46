import type { Page } from '@playwright/test';
import { chooseLanguage, expect, test } from './fixtures.ts';
import { ownServer, signInAsDemo } from './support/own-server.ts';
import { blockOrderBuyer, screenshotBothThemes, workOn } from './support/workspace-session.ts';

// A server of its own: the journeys cancel orders, record deliveries and write notes.
const server = ownServer({ DEMO_ORDERS: '2000' });

type Order = {
  id: number;
  tags: string[];
  payments: { status: string }[];
  feedback: { sale?: unknown };
  shipping: { id?: number };
  buyer: { id: number; nickname: string };
};

const read = <T>(page: Page, path: string) =>
  page.evaluate(
    async (p) => (await fetch(p, { headers: { 'x-format-new': 'true' } })).json(),
    path,
  ) as Promise<T>;
const post = (page: Page, path: string, body?: unknown) =>
  page.evaluate(
    async ({ p, b }) =>
      (
        await fetch(p, {
          method: 'POST',
          headers: { 'X-Requested-With': 'fetch', 'content-type': 'application/json' },
          body: b === undefined ? undefined : JSON.stringify(b),
        })
      ).status,
    { p: path, b: body },
  );

/** Paid sales of the signed-in seller, read in full, for a journey to pick one that fits. */
async function paidSales(page: Page, query = ''): Promise<Order[]> {
  const me = await read<{ id: number }>(page, '/api/users/me');
  const found = await read<{ results: { id: number }[] }>(
    page,
    `/api/orders/search?seller=${me.id}&order.status=paid&limit=51${query}`,
  );
  return Promise.all(found.results.map((o) => read<Order>(page, `/api/orders/${o.id}`)));
}

test('cancel from the fraud banner: the outcome in the panel’s words, no undo, cancelled at once; feedback starts at not fulfilled', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders');
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');
  const sales = await paidSales(page);
  const order = sales.find(
    (o) =>
      !o.tags.includes('fraud_risk_detected') &&
      o.payments.some((p) => p.status === 'approved') &&
      o.feedback.sale === null,
  );
  expect(order, 'the seed has paid sales without feedback').toBeTruthy();
  // The payment network's alert, as the platform raises it (local use lets the order's seller try it).
  expect(await post(page, `/api/orders/${order!.id}/fraud_alert`)).toBe(200);

  await page.goto(`${server().url}/orders/${order!.id}`);
  const banner = page.getByRole('alert').filter({ hasText: 'Do not ship this order' });
  await expect(banner).toBeVisible();
  // The feedback form on a fraud: not fulfilled, no rating chosen, positive not possible.
  await expect(page.getByLabel('Delivered?')).toHaveValue('false');
  await expect(page.getByLabel('Rating')).toHaveValue('');
  await expect(page.getByLabel('Rating').locator('option[value="positive"]')).toBeDisabled();

  await banner.getByRole('button', { name: 'Cancel the order…' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${order!.id}?` });
  await expect(dialog).toContainText('The marketplace cannot undo a cancellation');
  const outcome = dialog.getByRole('region', { name: 'If you cancel now' });
  // The same words as the delivery-case panel beside it.
  const panelWords = await page
    .getByRole('region', { name: 'If cancelled or charged back' })
    .locator('dd')
    .first()
    .textContent();
  await expect(outcome).toContainText(panelWords!.trim());
  await expect(dialog.getByRole('radio', { name: 'The payment network flagged a fraud risk' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: /undo/i })).toHaveCount(0);
  await screenshotBothThemes(page, 'cancel-dialog-1440', (n) => testInfo.outputPath(n));
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotBothThemes(page, 'cancel-dialog-390', (n) => testInfo.outputPath(n));
  await page.setViewportSize({ width: 1440, height: 900 });

  await dialog.getByRole('button', { name: 'Cancel the order', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(banner).toHaveCount(0);
  // Cancelled at once, next to the order's number.
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Cancelled');
  await expect(page.getByRole('region', { name: 'If cancelled or charged back' })).toContainText(
    'What happened',
  );
  // Kept by the marketplace: read again, still cancelled, and no way to cancel twice.
  await page.reload();
  const after = await read<{ status: string; cancel_detail: { code: string } }>(
    page,
    `/api/orders/${order!.id}`,
  );
  expect(after.status).toBe('cancelled');
  // By the delivery table: the fraud code, or the carrier's return of a package already on its way.
  expect(['fraud_risk_detected', 'carrier_return']).toContain(after.cancel_detail.code);
  await expect(page.getByRole('button', { name: 'Cancel order…' })).toHaveCount(0);

  // Feedback goes only after a confirmation that shows what is sent.
  await page.getByLabel('Rating').selectOption('negative');
  await page.getByRole('button', { name: 'Review feedback…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this feedback?' });
  await expect(confirm).toContainText('No, not fulfilled');
  await expect(confirm).toContainText('Negative');
  await expect(confirm).toContainText('dubious buyer');
  await screenshotBothThemes(page, 'feedback-confirm-1440', (n) => testInfo.outputPath(n));
  await confirm.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByRole('button', { name: 'Review feedback…' })).toHaveCount(0);
  const feedback = await read<{ sale: { fulfilled: boolean; rating: string; reason: string } }>(
    page,
    `/api/orders/${order!.id}/feedback`,
  );
  expect(feedback.sale).toMatchObject({ fulfilled: false, rating: 'negative', reason: 'DUBIOUS_BUYER' });
});

test('record a delivery and its proof in local use, with what a cancellation would then do', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders');
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');
  // A delivery the seller arranges, without proof yet: not recorded, not delivered, or delivered without proof.
  const order = (await paidSales(page, '&delivery.case=own_without_evidence')).find(
    (o) => typeof o.shipping.id === 'number',
  );
  expect(order, 'the seed has own deliveries without proof').toBeTruthy();
  const before = await read<{ delivery: { state: string } }>(page, `/api/shipments/${order!.shipping.id}`);

  await page.goto(`${server().url}/orders/${order!.id}`);
  const actions = page.getByRole('region', { name: 'Act on this order' });
  await actions.getByRole('button', { name: 'Record delivery…' }).click();
  const dialog = page.getByRole('dialog', { name: `Record the delivery of shipment #${order!.shipping.id}` });
  await dialog
    .getByRole('radio', {
      name: before.delivery.state === 'delivered' ? 'Add the proof of the delivery' : 'Delivered',
    })
    .check();
  await dialog.getByLabel('Proof', { exact: true }).selectOption('signed_receipt');
  await dialog.getByLabel('Proof reference').fill('REM-2026-0042');
  const after = dialog.getByRole('region', { name: 'After this' });
  await expect(after).toContainText('Own delivery, proved');
  await expect(after).toContainText('If the buyer charges back then: You are covered');
  await expect(after).toContainText('cannot be taken back');
  await screenshotBothThemes(page, 'record-delivery-1440', (n) => testInfo.outputPath(n));
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotBothThemes(page, 'record-delivery-390', (n) => testInfo.outputPath(n));
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Record this step' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'If cancelled or charged back' })).toContainText(
    'REM-2026-0042',
  );
  const recorded = await read<{ delivery: { state: string; evidence: { kind: string; reference: string } } }>(
    page,
    `/api/shipments/${order!.shipping.id}`,
  );
  expect(recorded.delivery).toMatchObject({
    state: 'delivered',
    evidence: { kind: 'signed_receipt', reference: 'REM-2026-0042' },
  });
  // Proved: nothing more to record.
  await expect(page.getByRole('button', { name: 'Record delivery…' })).toHaveCount(0);
});

test('a note written by the seller is seen by the operator, and the operator’s by the seller; block notes too', async ({
  page,
  browser,
}, testInfo) => {
  // Two people in two browsers through a dozen pages: three times the budget of a journey, for a busy machine.
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders');
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');
  const sales = await paidSales(page);
  const [order, other] = sales.filter((o) => !o.buyer.nickname.startsWith('COMPRADOR'));
  expect(other, 'the seed has paid sales of other buyers').toBeTruthy();

  await page.goto(`${server().url}/orders/${order!.id}`);
  const notes = page.getByRole('region', { name: 'Team notes' });
  await notes.getByLabel('New note').fill('Buyer called: deliver after 6 pm.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('list', { name: 'Team notes' })).toContainText(
    'Buyer called: deliver after 6 pm.',
  );
  await expect(notes.getByRole('list', { name: 'Team notes' })).toContainText('TIENDA_PALERMO');
  // The seller blocks the other sale's buyer with a reason and a note.
  await page.goto(`${server().url}/orders/${other!.id}`);
  await blockOrderBuyer(page, other!.buyer.nickname, {
    reason: 'non_payment',
    note: 'Seller: two unpaid orders.',
  });

  // The operator, in a browser of its own, works on the seller's account.
  const operatorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await chooseLanguage(operatorContext, 'en');
  const operator = await operatorContext.newPage();
  await signInAsDemo(operator, server().url, 'SOPORTE_PALERMO', '/orders');
  await workOn(operator, 'TIENDA_PALERMO');
  await operator.goto(`${server().url}/orders/${order!.id}`);
  const operatorNotes = operator.getByRole('region', { name: 'Team notes' });
  const list = operatorNotes.getByRole('list', { name: 'Team notes' });
  await expect(list).toContainText('Buyer called: deliver after 6 pm.');
  await expect(list).toContainText('TIENDA_PALERMO');
  // The marketplace lets only the seller cancel: the operator is not offered it.
  await expect(operator.getByRole('button', { name: 'Cancel order…' })).toHaveCount(0);
  await operatorNotes.getByLabel('New note').fill('Called back: confirmed.');
  await operatorNotes.getByRole('button', { name: 'Add note' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // Newest first.
  await expect(list.getByRole('listitem').nth(0)).toContainText('SOPORTE_PALERMO');
  await screenshotBothThemes(operator, 'notes-operator-1440', (n) => testInfo.outputPath(n));
  await operator.setViewportSize({ width: 390, height: 844 });
  await screenshotBothThemes(operator, 'notes-operator-390', (n) => testInfo.outputPath(n));
  await operator.setViewportSize({ width: 1440, height: 900 });

  // The operator sees the seller's block reason and note, and blocks another buyer with its own.
  await operator.goto(`${server().url}/blocked-buyers?list=order&buyer=${other!.buyer.id}`);
  const row = operator
    .getByRole('table', { name: /Blocked from buying/ })
    .getByRole('row', { name: new RegExp(other!.buyer.nickname) });
  await expect(row).toContainText('Seller: two unpaid orders.');
  await expect(row).toContainText('by TIENDA_PALERMO');
  await expect(row).not.toContainText('Not recorded');
  await operator.goto(`${server().url}/orders/${order!.id}`);
  await blockOrderBuyer(operator, order!.buyer.nickname, {
    reason: 'abusive_messages',
    note: 'Operator: insulted the courier.',
  });

  // Back to the seller: the operator's order note and block note, with the operator's name.
  await page.goto(`${server().url}/orders/${order!.id}`);
  await expect(page.getByRole('list', { name: 'Team notes' }).getByRole('listitem').nth(0)).toContainText(
    'Called back: confirmed.',
  );
  await page.goto(`${server().url}/blocked-buyers?list=order&buyer=${order!.buyer.id}`);
  const sellerRow = page
    .getByRole('table', { name: /Blocked from buying/ })
    .getByRole('row', { name: new RegExp(order!.buyer.nickname) });
  await expect(sellerRow).toContainText('Operator: insulted the courier.');
  await expect(sellerRow).toContainText('by SOPORTE_PALERMO');
  await expect(sellerRow).toContainText('Abusive messages');
  await operatorContext.close();
});

test('an order with many notes shows the newest first, and older ones on “Show older notes”', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page, server().url, 'TIENDA_PALERMO', '/orders');
  await expect(page.getByRole('banner').getByTestId('signed-in-user')).toHaveText('TIENDA_PALERMO');
  const sales = await paidSales(page);
  // One no other journey here writes notes on.
  const order = sales.at(-1)!;
  for (let n = 1; n <= 23; n++) {
    expect(await post(page, `/bff/orders/${order.id}/notes`, { text: `Note ${n}` })).toBe(201);
  }
  await page.goto(`${server().url}/orders/${order.id}`);
  const notes = page.getByRole('region', { name: 'Team notes' });
  const items = notes.getByRole('list', { name: 'Team notes' }).getByRole('listitem');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText('Note 23');
  await notes.getByRole('button', { name: 'Show older notes' }).click();
  await expect(items).toHaveCount(23);
  await expect(items.last()).toContainText('Note 1');
  await expect(notes.getByRole('button', { name: 'Show older notes' })).toHaveCount(0);
  // A new note goes on top, the older ones stay shown.
  await notes.getByLabel('New note').fill('Note 24');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(items).toHaveCount(24);
  await expect(items.first()).toContainText('Note 24');
});
