import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { cardClasses } from './card.tsx';
import { SortIcon } from './icons.tsx';
import { Skeleton } from './skeleton.tsx';
import { PHONE_QUERY, useMediaQuery } from './use-media-query.ts';

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
  /**
   * Where the column goes when the table is a list of cards (`cardsOnPhone`): the card's heading line (`title`), its
   * end (`actions`), or (by default) a labelled line of its own.
   */
  card?: 'title' | 'actions';
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
  /**
   * On a phone, a list of cards instead of a table (as the order list): each row a card, its title and actions on
   * top, every other column a labelled line, so nothing needs a sideways scroll.
   */
  cardsOnPhone?: boolean;
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
  cardsOnPhone = false,
  getRowProps,
}: DataTableProps<Row>) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (cardsOnPhone && phone) {
    return (
      <DataCards
        caption={caption}
        columns={columns}
        rows={rows}
        getRowKey={getRowKey}
        loading={loading}
        skeletonRows={skeletonRows}
        empty={empty}
        className={className}
      />
    );
  }
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

/** The table as cards, one per row: the title and actions on the first line, then each other column, labelled. */
function DataCards<Row>({
  caption,
  columns,
  rows,
  getRowKey,
  loading,
  skeletonRows,
  empty,
  className,
}: Pick<DataTableProps<Row>, 'caption' | 'columns' | 'rows' | 'getRowKey' | 'empty' | 'className'> & {
  loading: boolean;
  skeletonRows: number;
}) {
  if (loading) {
    return (
      <ul aria-label={caption} aria-busy="true" className={cx('flex flex-col gap-2', className)}>
        {Array.from({ length: Math.min(skeletonRows, 6) }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
          <li key={index} className={cardClasses('raised', 'flex flex-col gap-2 p-3')}>
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-3 w-3/4" />
          </li>
        ))}
      </ul>
    );
  }
  if (rows.length === 0)
    return empty ? <div className={cardClasses('raised', className)}>{empty}</div> : null;
  const titles = columns.filter((column) => column.card === 'title');
  const actions = columns.filter((column) => column.card === 'actions');
  const lines = columns.filter((column) => column.card === undefined);
  return (
    <ul aria-label={caption} className={cx('flex flex-col gap-2', className)}>
      {rows.map((row) => (
        <li key={getRowKey(row)} className={cardClasses('raised', 'flex flex-col gap-2 p-3 text-body')}>
          {titles.length > 0 || actions.length > 0 ? (
            <div className="flex min-w-0 items-center justify-between gap-3">
              <div className="flex min-w-0 flex-col font-medium text-ink">
                {titles.map((column) => (
                  <div key={column.id} className="min-w-0 break-words">
                    {column.cell(row)}
                  </div>
                ))}
              </div>
              {actions.length > 0 ? (
                <div className="flex shrink-0 items-center gap-1">
                  {actions.map((column) => (
                    <div key={column.id}>{column.cell(row)}</div>
                  ))}
                </div>
              ) : null}
            </div>
          ) : null}
          {lines.length > 0 ? (
            <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-1">
              {lines.map((column) => (
                <div key={column.id} className="contents">
                  <dt className="text-caption leading-5 text-muted">{column.header}</dt>
                  <dd className="min-w-0 break-words text-ink">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
