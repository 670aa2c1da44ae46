import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { cardClasses } from './card.tsx';
import { SortIcon } from './icons.tsx';
import { Skeleton } from './skeleton.tsx';

export type SortDirection = 'asc' | 'desc';

export interface DataTableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers and money align to the end so digits line up. */
  align?: 'start' | 'end';
  sortable?: boolean;
  /** Tailwind width class, e.g. `w-40`. */
  className?: string;
}

export interface DataTableSort {
  columnId: string;
  direction: SortDirection;
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers; shown unless `captionHidden`. */
  caption: string;
  captionHidden?: boolean;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string | number;
  sort?: DataTableSort;
  /** Called with the column to sort by; the owner decides the direction (usually by toggling). */
  onSortChange?: (columnId: string) => void;
  loading?: boolean;
  skeletonRows?: number;
  /** Rendered inside the table body when there are no rows and nothing is loading. */
  empty?: ReactNode;
  /**
   * A totals row under the rows, once they are there: the first column holds its label (a row header), the others
   * their cell by column id.
   */
  footer?: { label: ReactNode; cells: Partial<Record<string, ReactNode>> };
  /** Inside a card that frames it already: no border, background or header band of its own. */
  bare?: boolean;
  className?: string;
  /** Extra attributes of a row (a selected state, a data attribute for keyboard navigation). */
  getRowProps?: (
    row: Row,
    index: number,
  ) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
}

/** In a card, the table's text lines up with the card's: no padding at its outer edges. */
const edge = 'first:pl-0 last:pr-0';

/** A body or footer cell: numbers and money align to the end, in tabular figures. */
function cellClasses(column: { align?: 'start' | 'end' }, bare: boolean): string {
  return cx('h-9 px-3 py-1 text-ink', bare && edge, column.align === 'end' && 'text-right tabular');
}

const ariaSort = (column: string, sort?: DataTableSort) => {
  if (!sort || sort.columnId !== column) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
};

/**
 * A dense, semantic table: real `<th scope="col">`, sort buttons that report `aria-sort`, skeleton rows while
 * loading (with `aria-busy`), and an empty state inside the table so its caption still names it.
 */
export function DataTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  getRowKey,
  sort,
  onSortChange,
  loading = false,
  skeletonRows = 8,
  empty,
  footer,
  bare = false,
  className,
  getRowProps,
}: DataTableProps<Row>) {
  return (
    // Relative: what is positioned inside (screen-reader-only text) scrolls with the table instead of widening the
    // page on a narrow screen.
    <div
      className={
        bare
          ? cx('relative overflow-x-auto', className)
          : cardClasses('raised', cx('relative overflow-x-auto', className))
      }
    >
      <table className="w-full border-collapse text-left text-body" aria-busy={loading || undefined}>
        <caption
          className={cx(
            captionHidden ? 'sr-only' : 'px-3 py-2 text-left text-body font-medium text-ink',
            'caption-top',
          )}
        >
          {caption}
        </caption>
        <thead className={bare ? undefined : 'sticky top-0 z-10 bg-surface-sunken'}>
          <tr className="border-b border-line">
            {columns.map((column) => {
              const direction = sort?.columnId === column.id ? sort.direction : 'none';
              const sortable = column.sortable && onSortChange;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={column.sortable ? ariaSort(column.id, sort) : undefined}
                  className={cx(
                    'h-8 px-3 text-xs font-medium whitespace-nowrap text-muted',
                    bare && edge,
                    column.align === 'end' && 'text-right',
                    column.className,
                  )}
                >
                  {sortable ? (
                    <button
                      type="button"
                      onClick={() => onSortChange(column.id)}
                      className={cx(
                        '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-subtle hover:text-ink',
                        column.align === 'end' && 'flex-row-reverse',
                        direction !== 'none' && 'text-ink',
                      )}
                    >
                      {column.header}
                      <SortIcon direction={direction} className="size-3.5 opacity-70" />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {loading
            ? Array.from({ length: skeletonRows }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <tr key={index} className="border-b border-line last:border-b-0">
                  {columns.map((column) => (
                    <td key={column.id} className="h-9 px-3">
                      <Skeleton className={cx('h-3', column.align === 'end' ? 'ml-auto w-16' : 'w-3/4')} />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row, index) => {
                const extra = getRowProps?.(row, index);
                return (
                  <tr
                    key={getRowKey(row)}
                    {...extra}
                    className={cx(
                      'border-b border-line transition-colors last:border-b-0',
                      !bare && 'hover:bg-surface-sunken',
                      extra?.className,
                    )}
                  >
                    {columns.map((column) => (
                      <td key={column.id} className={cx(cellClasses(column, bare), column.className)}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                );
              })}
          {!loading && rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : null}
        </tbody>
        {footer && !loading && rows.length > 0 ? (
          <tfoot>
            <tr className="border-t border-line font-semibold">
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.id} scope="row" className={cx(cellClasses(column, bare), 'text-left')}>
                    {footer.label}
                  </th>
                ) : (
                  <td key={column.id} className={cellClasses(column, bare)}>
                    {footer.cells[column.id]}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
