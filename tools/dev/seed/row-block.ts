import type { OrderBatch, SeedTail, UsersTable } from '@mostrador/marketplace-api/seed';

/**
 * One table's rows as a single list of values, row after row in the order of `columns`. Posted to another thread it
 * is a list of plain values rather than thousands of objects repeating their keys, and it binds to a multi-row insert
 * or a COPY as it is.
 */
export interface RowBlock {
  columns: string[];
  values: unknown[];
}

/** The order tables' rows of one batch, table by table (`pack` of an `OrderBatch`). */
export type BlockBatch = Packed<OrderBatch>;

/**
 * The tail's reputations, each a list of a user's id and one column of the users: where they are staged (as tables
 * named after their lists), and the column of the users they fill.
 */
export const REPUTATION_COLUMNS = [
  ['reputation', 'seller_reputation'],
  ['buyerReputation', 'buyer_reputation'],
] as const satisfies readonly (readonly [keyof SeedTail, keyof UsersTable])[];

export function toBlock(rows: readonly object[]): RowBlock {
  if (rows.length === 0) return { columns: [], values: [] };
  const columns = Object.keys(rows[0]!);
  const values = new Array<unknown>(rows.length * columns.length);
  let k = 0;
  for (const row of rows as Record<string, unknown>[]) for (const c of columns) values[k++] = row[c];
  return { columns, values };
}

export const rowCount = (block: RowBlock) =>
  block.columns.length === 0 ? 0 : block.values.length / block.columns.length;

/** The rows of a block again, each an object of its columns. */
export function fromBlock<Row extends object>(block: RowBlock): Row[] {
  const { columns, values } = block;
  const rows = new Array<Row>(rowCount(block));
  for (let r = 0, k = 0; r < rows.length; r++) {
    const row: Record<string, unknown> = {};
    for (const c of columns) row[c] = values[k++];
    rows[r] = row as Row;
  }
  return rows;
}

/** Lists of rows as blocks, posted to another thread: a list of values is read there far faster than many objects. */
export type Packed<T> = { [K in keyof T]: RowBlock };

export function pack<T extends { [K in keyof T]: readonly object[] }>(lists: T): Packed<T> {
  return Object.fromEntries(
    Object.entries(lists).map(([k, rows]) => [k, toBlock(rows as object[])]),
  ) as Packed<T>;
}

export function unpack<T extends { [K in keyof T]: readonly object[] }>(packed: Packed<T>): T {
  return Object.fromEntries(
    Object.entries(packed).map(([k, block]) => [k, fromBlock(block as RowBlock)]),
  ) as unknown as T;
}
