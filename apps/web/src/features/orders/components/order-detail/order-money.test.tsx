// @vitest-environment jsdom
import {
  type OrderDiscounts,
  orderDiscountsSchema,
  type PartialOrder,
  type Shipment,
  shipmentSchema,
} from '@mostrador/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../../lib/format.ts';
import { activateLanguage } from '../../../../lib/i18n/i18n.ts';
import { Answer, answerFetch } from '../../../../test-support/answering-fetch.ts';
import { renderWithApp } from '../../../../test-support/render.tsx';
import { DiscountsCard } from './discounts-card.tsx';
import { TotalsCard } from './totals-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LOCALE = 'es-AR';
const ars = (amount: number) => formatMoney(amount, 'ARS', LOCALE);

/** The parts of an order the total reads (spec 4.1: total_amount + taxes.amount + the shipment's lead time cost). */
const order = (over: Partial<Record<string, unknown>> = {}) =>
  ({
    id: 2000008078422608,
    currency_id: 'ARS',
    total_amount: 109000.1,
    taxes: { amount: 1500.2, currency_id: 'ARS' },
    order_items: [{ currency_id: 'ARS' }],
    shipping: { id: 44100980494 },
    ...over,
  }) as unknown as PartialOrder;

const address = (city: string, state: string, zip: string) => ({
  city: { id: `C-${city}`, name: city },
  state: { id: `S-${state}`, name: state },
  country: { id: 'AR', name: 'Argentina' },
  zip_code: zip,
});

const shipment = (cost: number, currency = 'ARS'): Shipment =>
  shipmentSchema.parse({
    id: 44100980494,
    order_id: 2000008078422608,
    status: 'handling',
    substatus: null,
    mode: 'me2',
    logistic_type: null,
    date_created: '2026-11-18T06:42:00.000-03:00',
    last_updated: '2026-11-18T06:42:00.000-03:00',
    tracking_number: null,
    declared_value: 109000,
    dimensions: null,
    origin: { sender_id: 100008826, shipping_address: address('Palermo', 'Capital Federal', '1425') },
    destination: { receiver_id: 100425982, shipping_address: address('Rosario', 'Santa Fe', '2000') },
    lead_time: {
      cost,
      currency_id: currency,
      cost_type: 'charged',
      list_cost: cost,
      shipping_method: { id: 1, name: 'Expreso', type: 'standard' },
      estimated_delivery_time: { date: null, type: 'known' },
    },
    tags: [],
  });

const CURRENCIES = [
  { id: 'ARS', description: 'Peso argentino', symbol: '$', decimal_places: 2 },
  { id: 'USD', description: 'Dólar', symbol: 'U$S', decimal_places: 2 },
];

describe('TotalsCard', () => {
  it('adds the order total, taxes and the shipment’s cost exactly, and converts the sum on request', async () => {
    const sent = answerFetch({
      'GET /api/shipments/44100980494': shipment(11400.3),
      'GET /api/currencies': CURRENCIES,
      'GET /api/currency_conversions/search': new Answer(
        200,
        { ratio: 0.00082 },
        { 'last-modified': 'Tue, 24 Nov 2026 09:00:00 GMT' },
      ),
    });
    await renderWithApp(<TotalsCard order={order()} locale={LOCALE} />);
    // 109000.1 + 1500.2 + 11400.3 in floating point is 121900.59999999999.
    await waitFor(() => expect(screen.getByTestId('total-value').textContent).toBe(ars(121900.6)));
    const total = screen.getByTestId('total-with-shipping');
    expect(within(total).getByText('Shipping (lead time cost)')).toBeTruthy();
    expect(sent.find((r) => r.url === '/api/shipments/44100980494')).toBeTruthy();

    const convert = screen.getByLabelText('Convert to') as HTMLSelectElement;
    await waitFor(() => expect([...convert.options].map((o) => o.value)).toEqual(['', 'USD']));
    fireEvent.change(convert, { target: { value: 'USD' } });
    await waitFor(() =>
      expect(screen.getByTestId('converted-total').textContent).toBe(formatMoney(99.96, 'USD', LOCALE)),
    );
    expect(screen.getByTestId('conversion-source').textContent).toContain('1 ARS = 0,00082 USD');
    expect(sent.at(-1)?.url).toBe('/api/currency_conversions/search?from=ARS&to=USD');
  });

  it('counts no shipping for an order without a shipment, and asks for none', async () => {
    const sent = answerFetch({ 'GET /api/currencies': CURRENCIES });
    await renderWithApp(<TotalsCard order={order({ shipping: {} })} locale={LOCALE} />);
    expect(screen.getByTestId('total-value').textContent).toBe(ars(110500.3));
    expect(screen.getByText('Shipping (no shipment)')).toBeTruthy();
    expect(sent.map((r) => r.url)).toEqual(['/api/currencies']);
  });

  it('refuses to add parts in different currencies', async () => {
    answerFetch({ 'GET /api/shipments/44100980494': shipment(20, 'USD'), 'GET /api/currencies': CURRENCIES });
    await renderWithApp(<TotalsCard order={order()} locale={LOCALE} />);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('in different currencies (ARS, USD)'),
    );
    expect(screen.queryByTestId('total-value')).toBeNull();
  });

  it('still adds what it has when the shipment cannot be read, and says the shipping is missing', async () => {
    answerFetch({ 'GET /api/currencies': CURRENCIES });
    await renderWithApp(<TotalsCard order={order()} locale={LOCALE} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Shipping cost unavailable'));
    expect(screen.getByTestId('total-value').textContent).toBe(ars(110500.3));
  });
});

const DISCOUNTS: OrderDiscounts = orderDiscountsSchema.parse({
  details: [
    {
      type: 'coupon',
      coupon: { id: 507155590 },
      supplier: { meli_campaign: 'P-MLA3365343' },
      items: [{ id: 'MLA800081252', quantity: 1, amounts: { total: 78599.9, seller: 0 } }],
    },
    {
      type: 'discount',
      supplier: { offer_id: 'MLA800081252-9936bd', funding_mode: 'sale_fee' },
      items: [{ id: 'MLA800081252', quantity: 2, amounts: { total: 117899.85, seller: 47159.94 } }],
    },
  ],
});

describe('DiscountsCard', () => {
  it('splits each discount and their sum between the seller and the platform', async () => {
    answerFetch({ 'GET /api/orders/7/discounts': DISCOUNTS });
    await renderWithApp(<DiscountsCard orderId={7} currencyId="ARS" locale={LOCALE} />);
    const table = await screen.findByRole('table', {
      name: 'Discounts, with the part borne by the seller and by the platform',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]!.textContent).toContain('Coupon · #507155590');
    expect(rows[2]!.textContent).toContain('MLA800081252 × 2');
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1),
    ).toEqual([ars(117899.85), ars(47159.94), ars(70739.91)]);
    const totals = within(table).getAllByRole('rowgroup').at(-1)!;
    expect(within(totals).getByRole('rowheader').textContent).toBe('All discounts');
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([ars(196499.75), ars(47159.94), ars(149339.81)]);
  });

  it('names its columns and each discount’s funding in the active language', async () => {
    await activateLanguage('es');
    try {
      answerFetch({ 'GET /api/orders/7/discounts': DISCOUNTS });
      await renderWithApp(<DiscountsCard orderId={7} currencyId="ARS" locale={LOCALE} />);
      const table = await screen.findByRole('table', {
        name: 'Descuentos, con la parte que paga el vendedor y la que paga la plataforma',
      });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Descuento', 'Total', 'Vendedor', 'Plataforma']);
      expect(within(table).getAllByRole('row')[2]!.textContent).toContain(
        'Descuento · Oferta MLA800081252-9936bd · con cargo por venta',
      );
    } finally {
      await activateLanguage('en');
    }
  });

  it('says there are none, and explains a refused read with a retry that asks again', async () => {
    let refuse = true;
    answerFetch({
      'GET /api/orders/7/discounts': () =>
        refuse
          ? new Answer(500, { message: 'down', error: 'internal_error', status: 500, cause: [] })
          : { details: [] },
    });
    await renderWithApp(<DiscountsCard orderId={7} currencyId="ARS" locale={LOCALE} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Discounts could not be loaded');
    refuse = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('No discounts on this order.')).toBeTruthy());
  });
});
