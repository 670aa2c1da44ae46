import { activeFilterKeys, type OrderListSearch } from './order-search.ts';
import { type DatePresetId, presetOf } from './order-search-dates.ts';

// How the list's filters change: loaded with the list, not with the router (which only validates the URL).

/** A change of some search params: a value sets it, undefined (or empty) removes it. */
export type SearchPatch = Partial<Record<keyof OrderListSearch, string | undefined>>;

/**
 * The list's search after a change of filters: removed and emptied params leave the URL, and any change but a page
 * change goes back to the first page (the old offset may be past the new results).
 */
export function patchSearch(search: OrderListSearch, changes: SearchPatch): OrderListSearch {
  const next: Record<string, string | undefined> = { ...search, ...changes };
  if (!('offset' in changes)) delete next.offset;
  for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
  return next as OrderListSearch;
}

/** The highest offset the API pages to (`offset` past it is refused). */
export const MAX_OFFSET = 10_000;

/** Whether a page starting at `offset` exists in a list of `total` orders and the API can reach it. */
export const isReachableOffset = (offset: number, total: number): boolean =>
  offset >= 0 && offset < total && offset <= MAX_OFFSET;

/** A list param (`paid,cancelled`) with one value added or taken out, each value once. */
export function toggleListValue(list: readonly string[], value: string, on: boolean): string[] {
  return on ? [...new Set([...list, value])] : list.filter((entry) => entry !== value);
}

/** The toolbar's own filters; the others are counted on the "More filters" button. */
const TOOLBAR_KEYS = new Set([
  'q',
  'order.status',
  'order.date_created.from',
  'order.date_created.to',
  'delivery.case',
]);

/** How many filters in effect live in the "More filters" panel. */
export const moreFiltersCount = (search: OrderListSearch): number =>
  activeFilterKeys(search).filter((key) => !TOOLBAR_KEYS.has(key)).length;

/** What a date range's picker shows: a preset, a custom range (or one being chosen), or any time. */
export function dateRangeMode(
  from: string | undefined,
  to: string | undefined,
  now: Date,
  choosingCustom = false,
): DatePresetId | 'custom' | 'any' {
  return presetOf(from, to, now) ?? (from || to || choosingCustom ? 'custom' : 'any');
}

/** Whether two calendar days (`YYYY-MM-DD`, either empty) make a range: the first not after the second. */
export const isDayRange = (fromDay: string, toDay: string): boolean => !fromDay || !toDay || fromDay <= toDay;

/** A typed comma-separated list as a param: trimmed, without commas at its ends. */
export const cleanList = (text: string): string => text.trim().replace(/^,+|,+$/g, '');
