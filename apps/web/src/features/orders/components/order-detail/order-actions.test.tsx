// @vitest-environment jsdom
import type { PartialOrder, Shipment, ShipmentDelivery } from '@mostrador/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import english from '../../../../lib/i18n/messages/en.json';
import { Answer, answerFetch, refusal } from '../../../../test-support/answering-fetch.ts';
import { deliveryOf as delivery } from '../../../../test-support/deliveries.ts';
import { installDialogs, renderWithApp, testQueryClient } from '../../../../test-support/render.tsx';
import { orderQueryOptions } from '../../api/get-order.ts';
import { shipmentQueryOptions } from '../../api/get-shipment.ts';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';
import { RecordDeliveryDialog } from './record-delivery-dialog.tsx';

beforeAll(installDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDER_ID = 2000008000000001;
const SHIPMENT_ID = 44100000001;

const order = (over: Partial<PartialOrder> = {}) =>
  ({
    id: ORDER_ID,
    status: 'paid',
    status_detail: null,
    tags: ['paid', 'fraud_risk_detected'],
    cancel_detail: null,
    payments: [{ id: 1, status: 'approved' }],
    shipping: {},
    last_updated: '2026-11-20T10:00:00.000-03:00',
    ...over,
  }) as unknown as PartialOrder;

const change = {
  id: ORDER_ID,
  status: 'cancelled',
  status_detail: null,
  date_created: '2026-11-20T10:00:00.000-03:00',
  date_closed: '2026-11-20T10:00:00.000-03:00',
  last_updated: '2026-11-21T10:00:00.000-03:00',
  order_items: [],
  total_amount: 100,
  paid_amount: 100,
  currency_id: 'ARS',
  tags: ['paid', 'fraud_risk_detected'],
  cancel_detail: null,
  payments: [],
  buyer: { id: 7 },
  seller: { id: 8 },
};

/** A fetch whose answer waits for the test, to look at the page while the request is on its way. */
function heldFetch() {
  const sent: { url: string; body: unknown }[] = [];
  let release: (answer: Answer) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = await new Promise<Answer>((resolve) => {
        release = resolve;
      });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { sent, release: (answer: Answer) => release(answer) };
}

describe('CancelOrderDialog', () => {
  it('states the outcome in the panel’s words, says it cannot be undone, and shows the order cancelled at once', async () => {
    const client = testQueryClient();
    const key = orderQueryOptions(ORDER_ID).queryKey;
    client.setQueryData(key, { order: order(), missing: [] });
    const held = heldFetch();
    const onClose = vi.fn();
    await renderWithApp(<CancelOrderDialog order={order()} open onClose={onClose} />, client);

    const dialog = screen.getByRole('dialog', { name: `Cancel order #${ORDER_ID}?` });
    expect(dialog.textContent).toContain(english['orders.cancelOrder.noUndo']);
    const outcome = within(dialog).getByRole('region', { name: 'If you cancel now' });
    expect(outcome.textContent).toContain(english['orders.deliveryOutcome.youRefundTheBuyer']);
    // After a fraud alert, that is the reason chosen.
    expect(
      (
        within(dialog).getByRole('radio', {
          name: 'The payment network flagged a fraud risk',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(within(dialog).queryByRole('button', { name: /undo/i })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(held.sent).toHaveLength(1));
    expect(held.sent[0]).toEqual({
      url: `/api/orders/${ORDER_ID}/cancel`,
      body: { code: 'fraud_risk_detected' },
    });
    // Optimistic: cancelled before the marketplace answers.
    expect(client.getQueryData(key)?.order.status).toBe('cancelled');
    held.release(new Answer(200, change));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(client.getQueryData(key)?.order.last_updated).toBe(change.last_updated);
    await waitFor(() =>
      expect(screen.getByTestId('live-region').textContent).toBe(`Order #${ORDER_ID} cancelled`),
    );
  });

  it('puts the order back and says why when the marketplace refuses', async () => {
    const client = testQueryClient();
    const key = orderQueryOptions(ORDER_ID).queryKey;
    client.setQueryData(key, { order: order({ tags: ['paid'] }), missing: [] });
    answerFetch({ [`POST /api/orders/${ORDER_ID}/cancel`]: refusal(409, 'invalid_order_status') });
    const onClose = vi.fn();
    await renderWithApp(
      <CancelOrderDialog order={order({ tags: ['paid'] })} open onClose={onClose} />,
      client,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('radio', { name: /fraud/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Out of stock' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(english['error.invalid_order_status']),
    );
    expect(client.getQueryData(key)?.order.status).toBe('paid');
    expect(onClose).not.toHaveBeenCalled();
  });
});

const shipment = (d: ShipmentDelivery) => ({ id: SHIPMENT_ID, delivery: d }) as unknown as Shipment;

describe('RecordDeliveryDialog', () => {
  it('records an own delivery with its proof, after saying what a cancellation would then do', async () => {
    const client = testQueryClient();
    const key = shipmentQueryOptions(SHIPMENT_ID).queryKey;
    const before = shipment(delivery());
    client.setQueryData(key, before);
    const held = heldFetch();
    const onClose = vi.fn();
    await renderWithApp(
      <RecordDeliveryDialog
        order={order({ tags: ['paid'] })}
        shipment={before}
        delivery={delivery()}
        open
        onClose={onClose}
      />,
      client,
    );
    const dialog = screen.getByRole('dialog', { name: `Record the delivery of shipment #${SHIPMENT_ID}` });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Delivered' }));
    fireEvent.change(within(dialog).getByLabelText('Proof'), { target: { value: 'signed_receipt' } });
    const after = within(dialog).getByRole('region', { name: 'After this' });
    expect(after.textContent).toContain(english['orders.deliveryOutcome.ownDeliveryProved']);
    expect(after.textContent).toContain(english['orders.deliveryOutcome.youAreCoveredThe']);
    expect(after.textContent).toContain(english['orders.recordDelivery.noUndo']);

    // A reference that could carry personal data is refused at the field, and nothing is sent.
    fireEvent.change(within(dialog).getByLabelText('Proof reference'), { target: { value: 'Juan Pérez' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record this step' }));
    expect(within(dialog).getByText(english['orders.recordDelivery.referenceInvalid'])).toBeTruthy();
    expect(held.sent).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Proof reference'), { target: { value: 'REM-0042' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record this step' }));
    await waitFor(() => expect(held.sent).toHaveLength(1));
    expect(held.sent[0]).toEqual({
      url: `/api/shipments/${SHIPMENT_ID}/delivery`,
      body: { state: 'delivered', evidence: { kind: 'signed_receipt', reference: 'REM-0042' } },
    });
    expect(client.getQueryData(key)?.delivery).toMatchObject({
      state: 'delivered',
      case: 'own_with_evidence',
    });
    held.release(refusal(409, 'invalid_order_status'));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(english['error.invalid_order_status']),
    );
    // Refused: the shipment is as it was.
    expect(client.getQueryData(key)?.delivery?.state).toBe('not_platform_shipping');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers the platform’s next step with the carrier’s scan as the proof', async () => {
    const platform = delivery({ platform_shipping: true, state: 'shipped', case: 'platform_shipped' });
    await renderWithApp(
      <RecordDeliveryDialog
        order={order()}
        shipment={shipment(platform)}
        delivery={platform}
        open
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['delivered', 'not_delivered']);
    expect(within(dialog).queryByLabelText('Proof')).toBeNull();
    expect(dialog.textContent).toContain(english['orders.recordDelivery.carrierScan']);
  });
});
