import {
  ORDER_SEARCH_DEFAULT_LIMIT,
  ORDER_SEARCH_MAX_OFFSET,
  ORDER_SEARCH_PARAM_KEYS,
} from '@mostrador/contracts';
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
