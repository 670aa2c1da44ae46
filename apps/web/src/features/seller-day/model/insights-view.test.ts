import type { Insights } from '@mostrador/contracts';
import { describe, expect, it } from 'vitest';
import { csvRecords } from '../../../lib/csv.ts';
import { formatChange, formatDay, formatFigure } from './insights-format.ts';
import { validateInsightsSearch } from './insights-search.ts';
import { CSV_TABLES, change, csvFileName, salesDays } from './insights-view.ts';

const figures = {
  gross_sales: 1500,
  receives: 1200.5,
  orders: 4,
  sales: 3,
  units: 5,
  average_ticket: 500,
  cancellation_rate: 0.25,
  fraud_rate: 0,
  positive_feedback_share: null,
  ratings: 0,
};

const insights: Insights = {
  seller_id: 1,
  currency_id: 'ARS',
  utc_offset: '-03:00',
  period: { from: '2026-11-02', to: '2026-11-03', days: 2 },
  previous_period: { from: '2026-10-31', to: '2026-11-01', days: 2 },
  figures,
  previous_figures: { ...figures, gross_sales: 1000, orders: 0, cancellation_rate: 0.1 },
  sales_by_day: [
    { date: '2026-11-02', gross_sales: 1000, sales: 2 },
    { date: '2026-11-03', gross_sales: 500, sales: 1 },
  ],
  previous_sales_by_day: [{ date: '2026-10-31', gross_sales: 1000, sales: 1 }],
  orders_by_status: [
    { status: 'paid', orders: 3 },
    { status: 'cancelled', orders: 1 },
  ],
  top_products: [{ item_id: 'MLA1', title: '=SUM(A1), "quoted"', units: 5, revenue: 1500 }],
  projection: { state: 'ready', as_of: null },
};

describe('the Insights address', () => {
  it('reads a preset given back as a number, and a custom range', () => {
    expect(validateInsightsSearch({ days: 7 })).toEqual({ days: '7' });
    expect(validateInsightsSearch({ from: '2026-10-01', to: '2026-10-31' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });

  it('opens the default period on an address the contract refuses', () => {
    expect(validateInsightsSearch({ days: 5 })).toEqual({});
    expect(validateInsightsSearch({ from: '2026-10-31', to: '2026-10-01' })).toEqual({});
    expect(validateInsightsSearch({ days: 7, from: '2026-10-01', to: '2026-10-31' })).toEqual({});
  });
});

describe('a figure against the previous period', () => {
  it('changes relatively for amounts and counts, in points for rates, and not at all from nothing', () => {
    expect(change('money', 1500, 1000)).toBe(0.5);
    expect(change('count', 4, 0)).toBeNull();
    expect(change('rate', 0.25, 0.1)).toBeCloseTo(0.15);
    expect(change('rate', null, 0.1)).toBeNull();
  });

  it('is written with its sign in the account’s locale', () => {
    expect(formatChange('money', 0.5, 'es-AR')).toBe('+50%');
    expect(formatChange('count', -0.125, 'en-US')).toBe('−12.5%');
    expect(formatChange('rate', 0.15, 'es-AR')).toBe('+15');
    expect(formatFigure('rate', null, 'ARS', 'es-AR')).toBe('—');
    expect(formatDay('2026-11-02', 'en-US', true)).toBe('Nov 2, 2026');
  });
});

describe('the charts’ tables and their CSV', () => {
  it('pairs each day with the previous period’s day of the same rank, where there is one', () => {
    expect(salesDays(insights).map((day) => [day.date, day.previous_date])).toEqual([
      ['2026-11-02', '2026-10-31'],
      ['2026-11-03', null],
    ]);
  });

  it('writes plain numbers under stable column names, and a buyer-written title never as a formula', async () => {
    const text = await csvRecords(CSV_TABLES.top_products(insights));
    expect(text).toBe('item_id,title,units,revenue,currency\r\nMLA1,"\'=SUM(A1), ""quoted""",5,1500,ARS\r\n');
    const figuresCsv = await csvRecords(CSV_TABLES.figures(insights));
    expect(figuresCsv.split('\r\n')).toContain('receives,1200.5,1200.5,ARS');
    expect(figuresCsv.split('\r\n')).toContain('positive_feedback_share,,,');
    expect(csvFileName('sales_by_day', insights)).toBe('insights-sales_by_day-2026-11-02-2026-11-03.csv');
  });
});
