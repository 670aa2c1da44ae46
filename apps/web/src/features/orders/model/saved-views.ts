import { type SavedViewWrite, savedViewWriteSchema } from '@mostrador/contracts';
import type { OrderListSearch } from './order-search.ts';

/** Where this browser kept its saved views before the server kept them per account (decision 0193). */
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
    // Storage full or disabled: the columns last for this page only.
  }
}

/**
 * The views this browser kept, as the server takes them: the page left out, names as typed then (trimmed), and
 * those the list would no longer open (a filter since refused) dropped.
 */
export function legacyViews(): SavedViewWrite[] {
  const stored = read(SAVED_VIEWS_KEY, Array.isArray, []);
  const views: SavedViewWrite[] = [];
  for (const entry of stored as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { name, search, columns } = entry as { name?: unknown; search?: unknown; columns?: unknown };
    const { offset: _offset, ...filters } = (
      typeof search === 'object' && search !== null ? search : {}
    ) as Record<string, unknown>;
    const parsed = savedViewWriteSchema.safeParse({
      name: typeof name === 'string' ? name.trim() : name,
      search: filters,
      ...(columns === undefined ? {} : { columns }),
    });
    if (parsed.success) views.push(parsed.data);
  }
  return views;
}

/** Once the server keeps them, this browser's copy goes, so they are imported once. */
export function forgetLegacyViews(): void {
  try {
    localStorage.removeItem(SAVED_VIEWS_KEY);
  } catch {
    // Storage disabled: nothing was kept either.
  }
}

/** A view's name as the server takes it. */
export const viewName = (name: string) => name.trim().slice(0, 60);

/** The view's search as the list's URL holds it (the page left out). */
export function viewSearch(search: OrderListSearch): Record<string, string> {
  const { offset: _offset, ...rest } = search;
  return Object.fromEntries(
    Object.entries(rest).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
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
export function sameSearch(
  a: Record<string, string | undefined>,
  b: Record<string, string | undefined>,
): boolean {
  const norm = (s: Record<string, string | undefined>) =>
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
