import { formatCount, formatMoney } from '../../../lib/format.ts';
import type { FigureKind } from './insights-view.ts';

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions) {
  let format = formats.get(`${locale}|${key}`);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(`${locale}|${key}`, format);
  }
  return format;
}

/** A share from 0 to 1 as a percentage with one decimal ("12,5 %"). */
export const formatShare = (value: number, locale: string) =>
  numberFormat(locale, 'share', { style: 'percent', maximumFractionDigits: 1 }).format(value);

/** An amount on a chart's axis, short ("1,2 M"): the currency is named once, in the chart's legend. */
export const formatCompact = (value: number, locale: string) =>
  numberFormat(locale, 'compact', { notation: 'compact', maximumFractionDigits: 1 }).format(value);

/** A figure as the page writes it; `—` where there is nothing to divide by. */
export function formatFigure(
  kind: FigureKind,
  value: number | null,
  currencyId: string | null,
  locale: string,
): string {
  if (value === null) return '—';
  if (kind === 'rate') return formatShare(value, locale);
  if (kind === 'money' && currencyId) return formatMoney(value, currencyId, locale);
  return formatCount(value, locale);
}

/** A change with its sign: "+12,5 %" relative, "+1,2 pp" for rates (percentage points). */
export function formatChange(kind: FigureKind, value: number, locale: string): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  if (kind === 'rate')
    return `${sign}${numberFormat(locale, 'points', { maximumFractionDigits: 1 }).format(Math.abs(value) * 100)}`;
  return `${sign}${formatShare(Math.abs(value), locale)}`;
}

/** A calendar day (`2026-10-31`) as a short date in the locale ("31 oct"), read in UTC so it never shifts a day. */
export const formatDay = (date: string, locale: string, withYear = false) =>
  numberlessDate(locale, withYear).format(new Date(`${date}T00:00:00Z`));

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function numberlessDate(locale: string, withYear: boolean) {
  const key = `${locale}|${withYear}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
    dateFormats.set(key, format);
  }
  return format;
}
