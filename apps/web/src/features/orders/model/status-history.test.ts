// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/i18n.ts';
import { replyWindow, statusHistory } from './status-history.ts';

const paid = {
  date_created: '2026-01-06T17:12:15.860-03:00',
  date_closed: '2026-01-06T17:13:15.860-03:00',
  last_updated: '2026-01-20T17:12:15.860-03:00',
  status: 'paid' as const,
  status_detail: null,
  cancel_detail: null,
  tags: ['paid', 'delivered'],
  payments: [
    {
      id: 51000139169,
      transaction_amount: 109000,
      currency_id: 'ARS',
      status: 'approved',
      date_created: '2026-01-06T17:13:15.860-03:00',
      date_last_modified: '2026-01-06T17:13:15.860-03:00',
    },
  ],
  feedback: {
    purchase: { date_created: '2026-01-16T17:12:15.860-03:00', rating: 'positive' },
    sale: { date_created: '2026-01-09T17:12:15.860-03:00', rating: 'positive' },
  },
};

describe('statusHistory', () => {
  it('tells what the order says, oldest first', () => {
    expect(statusHistory(paid).map((entry) => entry.label)).toEqual([
      'Order placed',
      'Payment 51000139169 created',
      'Order confirmed',
      'Seller gave feedback',
      'Buyer gave feedback',
      'Status: Paid',
    ]);
  });

  it('names each rating given by its code, in the active language', async () => {
    const ratings = () =>
      statusHistory(paid)
        .filter((entry) => entry.label.includes('feedback') || entry.label.includes('calific'))
        .map((entry) => entry.detail);
    expect(ratings()).toEqual(['Positive', 'Positive']);
    await activateLanguage('es');
    try {
      expect(ratings()).toEqual(['Positiva', 'Positiva']);
    } finally {
      await activateLanguage('en');
    }
  });

  it('names a cancellation’s reason by its code, in the active language', async () => {
    const cancelled = {
      ...paid,
      status: 'cancelled' as const,
      feedback: { purchase: null, sale: null },
      cancel_detail: {
        group: 'delivery' as const,
        code: 'carrier_return',
        description: 'Cancelled by the seller after shipping; the carrier returns the item',
        requested_by: 'seller' as const,
        date: '2026-01-21T10:00:00.000-03:00',
        application_id: null,
      },
    };
    await activateLanguage('pt-BR');
    try {
      expect(statusHistory(cancelled).find((entry) => entry.tone === 'danger')?.detail).toBe(
        'Cancelada pelo vendedor após o despacho; a transportadora devolve o produto',
      );
    } finally {
      await activateLanguage('en');
    }
  });

  it('shows a cancellation and a fraud flag', () => {
    const history = statusHistory({
      ...paid,
      status: 'cancelled',
      tags: ['fraud_risk_detected'],
      feedback: { purchase: null, sale: null },
      cancel_detail: {
        group: 'fraud',
        code: 'FR1',
        description: 'Fraud risk',
        requested_by: 'seller',
        date: '2026-01-21T10:00:00.000-03:00',
        application_id: null,
      },
    });
    expect(history.map((entry) => entry.label)).toContain('Cancelled by the seller');
    // A code the dashboard does not know is named by its group; the platform's English description is not shown.
    expect(history.find((entry) => entry.label === 'Cancelled by the seller')?.detail).toBe('Fraud');
    expect(history.find((entry) => entry.label === 'Fraud risk detected')?.tone).toBe('danger');
  });
});

describe('replyWindow', () => {
  const given = '2026-01-01T12:00:00.000Z';
  it('is open for 14 days, the last moment included', () => {
    const deadline = Date.parse(given) + 14 * 86_400_000;
    expect(replyWindow(given, deadline)).toMatchObject({ open: true, daysLeft: 0 });
    expect(replyWindow(given, deadline + 1).open).toBe(false);
    expect(replyWindow(given, Date.parse(given) + 86_400_000)).toMatchObject({ open: true, daysLeft: 13 });
  });
});
