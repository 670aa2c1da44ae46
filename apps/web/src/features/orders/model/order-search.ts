import {
  ORDER_SEARCH_DEFAULT_LIMIT,
  ORDER_SEARCH_MAX_OFFSET,
  ORDER_SEARCH_PARAM_KEYS,
} from '@mostrador/contracts';
import { withLabels } from '../../../lib/i18n/i18n.ts';
import { DATE_FIELD_IDS, type DateField, dateKeys, type OrderListSearch } from './order-list-address.ts';

// The list's address, read before the list's code loads (its own module: the first scripts carry it alone).
export {
  type DateField,
  dateKeys,
  type OrderListSearch,
  type OrderSide,
  validateOrderListSearch,
} from './order-list-address.ts';

export const DEFAULT_SORT = 'date_desc';
export const PAGE_SIZES = ['10', '25', '50'] as const;
export const DEFAULT_LIMIT = String(ORDER_SEARCH_DEFAULT_LIMIT);

/**
 * Whether the address says something other than the list it shows (a dropped parameter, an offset moved to the
 * last page): the list then writes its own search back, so what the address says is what is shown.
 */
export function addressDiffers(raw: Record<string, unknown>, search: OrderListSearch): boolean {
  const shown = search as Record<string, string | undefined>;
  const keys = new Set([...Object.keys(raw), ...Object.keys(shown)]);
  for (const key of keys) {
    const value = raw[key];
    const said = value === undefined || value === null || value === '' ? undefined : String(value);
    if (said !== shown[key]) return true;
  }
  return false;
}

/** The date filters whose first day is after their last: no list answers them, so none is asked for. */
export function reversedDateFields(search: OrderListSearch): DateField[] {
  return DATE_FIELD_IDS.filter((field) => {
    const [fromKey, toKey] = dateKeys(field);
    const from = search[fromKey];
    const to = search[toKey];
    return from !== undefined && to !== undefined && Date.parse(from) > Date.parse(to);
  });
}

/**
 * What the search box searches for: the text as typed, trimmed, and an order number as the list writes it
 * (`#2000008558792771`) without its `#`.
 */
export function searchText(typed: string): string {
  const text = typed.trim();
  return /^#\s*\d+$/.test(text) ? text.replace(/^#\s*/, '') : text;
}

/**
 * The offset the list should show once it knows how many orders match: the same, or the start of its last page
 * when the address asked for a page past the end (or the first, when nothing matches).
 */
export function nearestPageOffset(offset: number, limit: number, total: number): number {
  if (offset <= 0) return 0;
  if (offset < total) return Math.min(offset, ORDER_SEARCH_MAX_OFFSET);
  if (total === 0) return 0;
  const last = Math.floor((total - 1) / limit) * limit;
  return Math.min(last, Math.floor(ORDER_SEARCH_MAX_OFFSET / limit) * limit);
}

/** The `/orders/search` query of a list view for the signed-in user. */
export function toApiQuery(
  search: OrderListSearch,
  userId: number,
  overrides: Partial<OrderListSearch> = {},
) {
  const merged = { ...search, ...overrides };
  const params = new URLSearchParams();
  params.set(merged.side === 'buyer' ? 'buyer' : 'seller', String(userId));
  for (const key of ORDER_SEARCH_PARAM_KEYS) {
    if (key === 'seller' || key === 'buyer') continue;
    const value = merged[key as keyof OrderListSearch];
    if (typeof value === 'string' && value !== '') params.set(key, value);
  }
  if (!params.has('sort')) params.set('sort', DEFAULT_SORT);
  if (!params.has('limit')) params.set('limit', DEFAULT_LIMIT);
  return params;
}

/** Filters in effect (what "no orders match" is about): everything but side, sort and paging. */
export function activeFilterKeys(search: OrderListSearch): string[] {
  return Object.entries(search)
    .filter(([key, value]) => !['side', 'sort', 'offset', 'limit', 'selection'].includes(key) && value)
    .map(([key]) => key);
}

export const listOf = (value: string | undefined): string[] =>
  value ? value.split(',').filter(Boolean) : [];
export const joinList = (values: readonly string[]): string | undefined =>
  values.length > 0 ? values.join(',') : undefined;

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

/** An ISO timestamp with the local offset, as the API's filters read it (`2026-01-05T00:00:00.000-03:00`). */
export function localIso(date: Date): string {
  const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
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
  const pad = (n: number) => String(n).padStart(2, '0');
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
