import { withLabels } from '../../../lib/i18n/i18n.ts';

/*
 * The list's date filters: their fields and presets, and local days as the API's filters read them. A module of its
 * own, apart from the list's address and query: the orders page's loader runs in the first scripts, and these stay
 * with the filters that use them.
 */

export const DATE_FIELDS = withLabels([
  { id: 'date_created', label: 'orders.orderSearch.created' },
  { id: 'date_closed', label: 'orders.orderSearch.confirmed' },
  { id: 'date_last_updated', label: 'orders.orderSearch.lastUpdated' },
] as const);

export const DATE_PRESETS = withLabels([
  { id: 'today', label: 'orders.orderSearch.today', days: 0 },
  { id: '7d', label: 'orders.orderSearch.last7Days', days: 6 },
  { id: '30d', label: 'orders.orderSearch.last30Days', days: 29 },
  { id: '90d', label: 'orders.orderSearch.last90Days', days: 89 },
] as const);
export type DatePresetId = (typeof DATE_PRESETS)[number]['id'];

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** An ISO timestamp with the local offset, as the API's filters read it (`2026-01-05T00:00:00.000-03:00`). */
export function localIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/** The start of a local calendar day (`YYYY-MM-DD`), or its last millisecond. */
export function dayBound(day: string, end: boolean): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (end) date.setHours(23, 59, 59, 999);
  return localIso(date);
}

/** The local calendar day of an ISO timestamp, for a date input. */
export function dayOf(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A preset as a from/to range of whole local days ending today. */
export function presetRange(preset: DatePresetId, now: Date): { from: string; to: string } {
  const days = DATE_PRESETS.find((p) => p.id === preset)?.days ?? 0;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999);
  return { from: localIso(start), to: localIso(end) };
}

/** Which preset a range is, if any. */
export function presetOf(from: string | undefined, to: string | undefined, now: Date): DatePresetId | null {
  if (!from || !to) return null;
  return (
    DATE_PRESETS.find((p) => {
      const range = presetRange(p.id, now);
      return Date.parse(range.from) === Date.parse(from) && Date.parse(range.to) === Date.parse(to);
    })?.id ?? null
  );
}
