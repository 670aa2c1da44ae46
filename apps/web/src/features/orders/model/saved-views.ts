import type { OrderListSearch } from './order-search.ts';

/** A named order list: its filters and sort (never the page), and the columns shown. */
export interface SavedView {
  id: string;
  name: string;
  search: OrderListSearch;
  columns?: string[];
}

export const SAVED_VIEWS_KEY = 'mostrador.orders.views';
export const COLUMNS_KEY = 'mostrador.orders.columns';

function read<T>(key: string, isValid: (value: unknown) => value is T, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return fallback;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the view lasts for this page only.
  }
}

const isViewList = (value: unknown): value is SavedView[] =>
  Array.isArray(value) &&
  value.every(
    (view) =>
      typeof view === 'object' &&
      view !== null &&
      typeof (view as SavedView).id === 'string' &&
      typeof (view as SavedView).name === 'string' &&
      typeof (view as SavedView).search === 'object',
  );

/** Saved views live in this browser (localStorage): they hold filters, which are not personal data. */
export function loadViews(): SavedView[] {
  return read(SAVED_VIEWS_KEY, isViewList, []);
}

export function saveView(views: readonly SavedView[], name: string, search: OrderListSearch): SavedView[] {
  const { offset: _offset, ...rest } = search;
  const trimmed = name.trim().slice(0, 60);
  const existing = views.find((view) => view.name.toLowerCase() === trimmed.toLowerCase());
  const view: SavedView = { id: existing?.id ?? crypto.randomUUID(), name: trimmed, search: rest };
  const next = existing ? views.map((v) => (v.id === existing.id ? view : v)) : [...views, view];
  write(SAVED_VIEWS_KEY, next);
  return next;
}

export function deleteView(views: readonly SavedView[], id: string): SavedView[] {
  const next = views.filter((view) => view.id !== id);
  write(SAVED_VIEWS_KEY, next);
  return next;
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

export function loadColumns(fallback: string[]): string[] {
  return read(COLUMNS_KEY, isStringList, fallback);
}

export function saveColumns(columns: readonly string[]): void {
  write(COLUMNS_KEY, columns);
}

/** Whether two searches show the same orders (ignoring the page). */
export function sameSearch(a: OrderListSearch, b: OrderListSearch): boolean {
  const norm = (s: OrderListSearch) =>
    JSON.stringify(
      Object.entries(s)
        .filter(([key, value]) => key !== 'offset' && value)
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return norm(a) === norm(b);
}

/** The columns shown once one is turned on or off: those of `all` (the table's order) that stay shown. */
export function toggleColumn(
  all: readonly string[],
  shown: readonly string[],
  id: string,
  on: boolean,
): string[] {
  return on ? all.filter((column) => column === id || shown.includes(column)) : shown.filter((c) => c !== id);
}
