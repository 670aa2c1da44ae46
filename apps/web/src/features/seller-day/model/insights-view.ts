import type { Insights, InsightsFigures, OrderStatus } from '@mostrador/contracts';
import type { CsvValue } from '../../../lib/csv.ts';
import type { MessageId } from '../../../lib/i18n/i18n.ts';

/** How a figure is written and which way is better. */
export type FigureKind = 'money' | 'count' | 'rate';

export interface FigureSpec {
  key: keyof InsightsFigures;
  label: MessageId;
  kind: FigureKind;
  /** A rise is bad news (cancellations, fraud). */
  lowerIsBetter?: boolean;
}

/** The figures of item 3, in the order the page shows them. */
export const FIGURES: readonly FigureSpec[] = [
  { key: 'gross_sales', label: 'sellerDay.figure.grossSales', kind: 'money' },
  { key: 'receives', label: 'sellerDay.figure.receives', kind: 'money' },
  { key: 'orders', label: 'sellerDay.figure.orders', kind: 'count' },
  { key: 'units', label: 'sellerDay.figure.units', kind: 'count' },
  { key: 'average_ticket', label: 'sellerDay.figure.averageTicket', kind: 'money' },
  { key: 'cancellation_rate', label: 'sellerDay.figure.cancellationRate', kind: 'rate', lowerIsBetter: true },
  { key: 'fraud_rate', label: 'sellerDay.figure.fraudRate', kind: 'rate', lowerIsBetter: true },
  { key: 'positive_feedback_share', label: 'sellerDay.figure.positiveFeedback', kind: 'rate' },
];

/**
 * The change from the previous period: relative for amounts and counts (null when the previous one was zero),
 * in percentage points for rates.
 */
export function change(kind: FigureKind, current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  if (kind === 'rate') return current - previous;
  if (previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/** Days of the period beside the previous period's day of the same rank, as the chart and its table show them. */
export function salesDays(insights: Insights) {
  return insights.sales_by_day.map((day, index) => {
    const previous = insights.previous_sales_by_day[index];
    return {
      date: day.date,
      gross_sales: day.gross_sales,
      sales: day.sales,
      previous_date: previous?.date ?? null,
      previous_gross_sales: previous?.gross_sales ?? null,
      previous_sales: previous?.sales ?? null,
    };
  });
}
export type SalesDay = ReturnType<typeof salesDays>[number];

/** The statuses with orders, most first. */
export const statusRows = (insights: Insights): { status: OrderStatus; orders: number }[] =>
  insights.orders_by_status.filter((row) => row.orders > 0).sort((a, b) => b.orders - a.orders);

/** Each table of the page as CSV rows: a header of stable column names, then plain numbers (no currency signs). */
export const CSV_TABLES = {
  figures: (insights: Insights): CsvValue[][] => [
    ['figure', 'period', 'previous_period', 'currency'],
    ...FIGURES.map((figure) => [
      figure.key,
      insights.figures[figure.key],
      insights.previous_figures[figure.key],
      figure.kind === 'money' ? insights.currency_id : null,
    ]),
  ],
  sales_by_day: (insights: Insights): CsvValue[][] => [
    ['date', 'gross_sales', 'sales', 'previous_date', 'previous_gross_sales', 'previous_sales', 'currency'],
    ...salesDays(insights).map((day) => [
      day.date,
      day.gross_sales,
      day.sales,
      day.previous_date,
      day.previous_gross_sales,
      day.previous_sales,
      insights.currency_id,
    ]),
  ],
  orders_by_status: (insights: Insights): CsvValue[][] => [
    ['status', 'orders'],
    ...insights.orders_by_status.map((row) => [row.status, row.orders]),
  ],
  top_products: (insights: Insights): CsvValue[][] => [
    ['item_id', 'title', 'units', 'revenue', 'currency'],
    ...insights.top_products.map((product) => [
      product.item_id,
      product.title,
      product.units,
      product.revenue,
      insights.currency_id,
    ]),
  ],
} as const;
export type CsvTable = keyof typeof CSV_TABLES;

/** `insights-sales_by_day-2026-10-01-2026-10-31.csv` */
export const csvFileName = (table: CsvTable, insights: Insights) =>
  `insights-${table}-${insights.period.from}-${insights.period.to}.csv`;
