import {
  isoDateTimeSchema,
  ORDER_SEARCH_MAX_OFFSET,
  type OrderSearchUrlState,
  orderSearchUrlSchema,
} from '@mostrador/contracts';

export type OrderSide = 'seller' | 'buyer';

/**
 * The order list's URL: the API's search parameters as strings (spec 4.2), the side being looked at, and on an
 * order's page the orders picked in the list to open in turn (`selection`, ids comma-separated).
 */
export type OrderListSearch = Omit<OrderSearchUrlState, 'seller' | 'buyer'> & {
  side?: OrderSide;
  selection?: string;
};

export type DateField = 'date_created' | 'date_closed' | 'date_last_updated';
export const DATE_FIELD_IDS: readonly DateField[] = ['date_created', 'date_closed', 'date_last_updated'];
export const dateKeys = (field: DateField) =>
  [`order.${field}.from`, `order.${field}.to`] as const satisfies readonly (keyof OrderListSearch)[];

/** How many orders "open in turn" carries in the address: enough for a day's triage, short enough for a URL. */
export const SELECTION_MAX = 200;

const SELECTION_PARAM = /^[1-9]\d{0,18}(,[1-9]\d{0,18})*$/;

/** The `selection` search parameter: ids in the order picked; anything else is no selection. */
export function parseSelection(param: string | undefined): number[] {
  if (!param || !SELECTION_PARAM.test(param)) return [];
  const ids = param.split(',').map(Number);
  return [...new Set(ids)].slice(0, SELECTION_MAX);
}

/**
 * Reads the order list's search params. Values the router gave as other types are written back as text first, and
 * a parameter that fails the contract check is dropped, so an old or hand-edited link still opens a list. Two
 * exceptions: an offset past the last page the API reaches is kept as that page (the list then moves it to the last
 * page it has), and a date range that ends before it starts is kept, so its field can say so
 * (`reversedDateFields`) instead of the list asking the API for it.
 *
 * Every parameter of the address that is not kept comes back as `undefined`: the router lays a route's search over
 * the address's, and only an explicit `undefined` takes a dropped value (`offset=-5`) out of it.
 */
export function validateOrderListSearch(raw: Record<string, unknown>): OrderListSearch {
  const text: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === null || value === '') continue;
    text[key] = typeof value === 'string' ? value : String(value);
  }
  const { seller: _seller, buyer: _buyer, side, selection, ...rest } = text;
  const picked = parseSelection(selection);
  const withSelection = (search: OrderListSearch): OrderListSearch =>
    picked.length > 0 ? { ...search, selection: picked.join(',') } : search;
  if (rest.offset !== undefined && /^\d+$/.test(rest.offset) && Number(rest.offset) > ORDER_SEARCH_MAX_OFFSET)
    rest.offset = String(ORDER_SEARCH_MAX_OFFSET);
  const reversed: Record<string, string> = {};
  for (const field of DATE_FIELD_IDS) {
    const [fromKey, toKey] = dateKeys(field);
    const from = rest[fromKey];
    const to = rest[toKey];
    if (from === undefined || to === undefined || !isoDateTimeSchema.safeParse(from).success) continue;
    if (!isoDateTimeSchema.safeParse(to).success || Date.parse(from) <= Date.parse(to)) continue;
    reversed[fromKey] = from;
    reversed[toKey] = to;
    delete rest[fromKey];
    delete rest[toKey];
  }
  const cleared: Record<string, undefined> = Object.fromEntries(
    Object.keys(raw).map((key) => [key, undefined]),
  );
  let candidate: Record<string, string> = rest;
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = orderSearchUrlSchema.safeParse(candidate);
    if (result.success) {
      const search: OrderListSearch = { ...cleared, ...(result.data as OrderListSearch), ...reversed };
      if (side === 'buyer' || side === 'seller') search.side = side;
      return withSelection(search);
    }
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
    candidate = Object.fromEntries(Object.entries(candidate).filter(([key]) => !bad.has(key)));
  }
  return withSelection(side === 'buyer' || side === 'seller' ? { ...cleared, side } : cleared);
}
