import type { OrderSearchResult } from '@mostrador/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cx } from '../../../../lib/class-names.ts';
import { CSV_BOM, csvRecord, csvRecords } from '../../../../lib/csv.ts';
import { downloadFile } from '../../../../lib/download-file.ts';
import { formatCount } from '../../../../lib/format.ts';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { DataTable, type DataTableColumn } from '../../../../ui/data-table.tsx';
import { EmptyState } from '../../../../ui/empty-state.tsx';
import { AlertIcon } from '../../../../ui/icons.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { PageHeader } from '../../../../ui/page-header.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../../../ui/use-media-query.ts';
import { useDeleteSavedView } from '../../api/delete-saved-view.ts';
import { readEachSellerProceeds } from '../../api/read-seller-proceeds.ts';
import { useSaveView } from '../../api/save-view.ts';
import { orderSearchQueryOptions, ordersKey } from '../../api/search-orders.ts';
import { useListKeyboard } from '../../hooks/use-list-keyboard.ts';
import { type SubscribeOrderChanges, useOrderChanges } from '../../hooks/use-order-changes.ts';
import { useSavedViews } from '../../hooks/use-saved-views.ts';
import { EXPORT_COLUMNS_WITH_PROCEEDS, exportRowWithProceeds } from '../../model/order-export.ts';
import {
  activeFilterKeys,
  DEFAULT_LIMIT,
  DEFAULT_SORT,
  nearestPageOffset,
  type OrderListSearch,
  reversedDateFields,
  toApiQuery,
  validateOrderListSearch,
} from '../../model/order-search.ts';
import { DATE_FIELDS } from '../../model/order-search-dates.ts';
import {
  type OrderSelection,
  pageState,
  SELECTION_MAX,
  selectedBuyers,
  selectPage,
  selectRange,
  toggleOrder,
} from '../../model/order-selection.ts';
import { loadColumns, sameSearch, saveColumns, viewName, viewSearch } from '../../model/saved-views.ts';
import { isReachableOffset, patchSearch, type SearchPatch } from '../../model/search-edits.ts';
import { ActiveFilters } from '../order-filters/active-filters.tsx';
import { OrderFilters } from '../order-filters/order-filters.tsx';
import { ColumnPicker } from './column-picker.tsx';
import { ExportCsvButton } from './export-csv-button.tsx';
import { KeyboardShortcuts } from './keyboard-shortcuts.tsx';
import { LiveBanner } from './live-banner.tsx';
import { OrderCards } from './order-cards.tsx';
import { DEFAULT_COLUMNS, ORDER_COLUMNS } from './order-columns.tsx';
import { OrderListEmpty } from './order-list-empty.tsx';
import { OrderPager } from './order-pager.tsx';
import { SavedViews } from './saved-views.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { SideSwitch } from './side-switch.tsx';

export interface OrderListProps {
  userId: number;
  locale: string;
  search: OrderListSearch;
  /** Replaces the URL's search; `replace` for typing, so Back is not a keystroke history. */
  navigate: (search: OrderListSearch, options?: { replace?: boolean }) => void;
  subscribeChanges?: SubscribeOrderChanges;
  /** What "no orders yet" offers instead (a team member on its own account: the accounts it works on). */
  emptyHint?: { description: string; action: ReactNode } | undefined;
  /**
   * The block dialog for the buyers of the selected sales: the route composes the blocklists feature's dialog here
   * (and leaves it out for a team member not allowed to manage blocklists).
   */
  blockBuyers?: ((props: BlockBuyersProps) => ReactNode) | undefined;
  /** Opens the selected orders one after the other: the first, with previous and next going through them. */
  onOpenInTurn?: (orderIds: number[]) => void;
}

export interface BlockBuyersProps {
  buyers: { id: number; nickname: string }[];
  open: boolean;
  onClose: () => void;
  onBlocked: () => void;
}

/** The account's orders as a table: filters, saved views, columns, paging and the keyboard, all in the URL. */
export function OrderList({
  userId,
  locale,
  search,
  navigate,
  subscribeChanges,
  emptyHint,
  blockBuyers,
  onOpenInTurn,
}: OrderListProps) {
  const t = useT();
  const side = search.side ?? 'seller';
  // A date range that ends before it starts is said at its field; no list answers it, so none is asked for.
  const reversed = reversedDateFields(search);
  const query = useQuery({
    ...orderSearchQueryOptions(userId, search),
    placeholderData: keepPreviousData,
    enabled: reversed.length === 0,
  });
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const searchInput = useRef<HTMLInputElement>(null);
  const tableBox = useRef<HTMLDivElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [columns, setColumns] = useState<string[]>(() => loadColumns(DEFAULT_COLUMNS));
  const views = useSavedViews(userId).data ?? [];
  const saveView = useSaveView(userId);
  const deleteView = useDeleteSavedView(userId);
  const [now] = useState(() => new Date());
  const [selection, setSelection] = useState<OrderSelection>(() => new Map());
  // The row a shift-click extends from: the last one clicked on this page.
  const [anchor, setAnchor] = useState<number | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [exporting, setExporting] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);

  const limit = Number(search.limit ?? DEFAULT_LIMIT);
  const offset = Number(search.offset ?? 0);
  const data = query.data;
  const total = data?.paging.total ?? 0;
  const rows = data?.results ?? [];
  const stale = query.isPlaceholderData;

  const patch = useCallback(
    (changes: SearchPatch, options?: { replace?: boolean }) =>
      navigate(patchSearch(search, changes), options),
    [search, navigate],
  );
  const goToOffset = useCallback(
    (next: number) => {
      if (isReachableOffset(next, total)) patch({ offset: next === 0 ? undefined : String(next) });
    },
    [patch, total],
  );
  const showColumns = (next: string[]) => {
    setColumns(next);
    saveColumns(next);
  };

  // An address past the last page (a shared link to a list that has shrunk, a hand-edited offset) shows the last
  // page there is, and says so in the address.
  useEffect(() => {
    if (!data || stale) return;
    const nearest = nearestPageOffset(offset, limit, data.paging.total);
    if (nearest !== offset)
      navigate(patchSearch(search, { offset: nearest === 0 ? undefined : String(nearest) }), {
        replace: true,
      });
  }, [data, stale, offset, limit, search, navigate]);

  // Result counts are announced politely when a search settles (not on every keystroke).
  useEffect(() => {
    if (!data || stale) return;
    const first = data.paging.total === 0 ? 0 : data.paging.offset + 1;
    const last = data.paging.offset + data.results.length;
    announce(
      data.paging.total === 0
        ? translate('orders.orderList.noOrdersFound')
        : translate('orders.orderList.ordersShowingTo', {
            total: formatCount(data.paging.total),
            first,
            last,
          }),
    );
  }, [data, stale, announce]);

  // Other filters are another list: the selection is let go. Paging keeps it, so a selection may span pages.
  const { offset: _offset, limit: _limit, ...filters } = search;
  const filterKey = JSON.stringify(filters);
  useEffect(() => {
    void filterKey;
    setSelection(new Map());
  }, [filterKey]);
  useEffect(() => {
    void offset;
    setAnchor(null);
  }, [offset]);

  const pick = useCallback(
    (index: number, extend: boolean) => {
      const order = rows[index];
      if (!order) return;
      setSelection((current) =>
        extend && anchor !== null
          ? selectRange(current, rows, anchor, index, !current.has(order.id))
          : toggleOrder(current, order),
      );
      setAnchor(index);
    },
    [rows, anchor],
  );

  async function exportSelection() {
    setExporting(true);
    try {
      const picked = [...selection.values()];
      const proceeds = await readEachSellerProceeds(picked, side);
      const records = picked.map((order, index) => exportRowWithProceeds(order, proceeds[index] ?? null));
      downloadFile(
        [CSV_BOM, await csvRecord(EXPORT_COLUMNS_WITH_PROCEEDS), await csvRecords(records)],
        `orders-selected-${new Date().toISOString().slice(0, 10)}.csv`,
        'text/csv;charset=utf-8',
      );
      announce(translate('orders.exportCsvButton.exportedOrders', { done: picked.length }));
    } catch (error) {
      announce(translate('orders.exportCsvButton.exportFailed', { message: errorText(error) }));
    } finally {
      setExporting(false);
    }
  }

  const { active, setActive } = useListKeyboard({
    container: tableBox,
    rowCount: rows.length,
    searchInput,
    onNextPage: () => goToOffset(offset + limit),
    onPreviousPage: () => goToOffset(Math.max(0, offset - limit)),
    onHelp: () => setHelpOpen((open) => !open),
    onToggle: (index) => pick(index, false),
  });

  const visible = useMemo(() => new Map(rows.map((order) => [order.id, order.date_last_updated])), [rows]);
  const changes = useOrderChanges(subscribeChanges, visible);
  const refresh = () => {
    changes.reset();
    void queryClient.invalidateQueries({ queryKey: ordersKey });
  };

  const ctx = { locale, side, search, shown: columns } as const;
  const page = pageState(selection, rows);
  const selectColumn: DataTableColumn<OrderSearchResult> = {
    id: 'select',
    className: 'w-8',
    header: (
      <input
        type="checkbox"
        aria-label={t('orders.selection.selectPage')}
        checked={page === 'all' && rows.length > 0}
        ref={(box) => {
          if (box) box.indeterminate = page === 'some';
        }}
        disabled={rows.length === 0}
        onChange={() => setSelection((current) => selectPage(current, rows, page !== 'all'))}
        className="size-3.5 accent-(--accent)"
      />
    ),
    cell: (order) => (
      <input
        type="checkbox"
        aria-label={translate('orders.selection.selectOrder', { id: order.id })}
        checked={selection.has(order.id)}
        onChange={(event) =>
          pick(
            rows.findIndex((row) => row.id === order.id),
            (event.nativeEvent as MouseEvent).shiftKey === true,
          )
        }
        className="size-3.5 accent-(--accent)"
      />
    ),
  };
  const tableColumns = [
    selectColumn,
    ...ORDER_COLUMNS.filter((column) => column.fixed || columns.includes(column.id)).map((column) =>
      column.build(ctx),
    ),
  ];
  const buyers = side === 'seller' && blockBuyers ? selectedBuyers(selection) : [];
  const sortDirection = (search.sort ?? DEFAULT_SORT) === 'date_asc' ? 'asc' : 'desc';
  const caption = data
    ? translate('orders.orderList.captionCount', { count: total })
    : translate('orders.orderList.caption');
  const rowProps = (order: OrderSearchResult, index: number) => ({
    'data-row-index': String(index),
    'data-order-id': String(order.id),
    'aria-selected': index === active ? true : undefined,
    'data-selected': selection.has(order.id) ? 'true' : 'false',
    className: cx(
      index === active && 'bg-accent-soft/60',
      selection.has(order.id) && index !== active && 'bg-accent-soft/30',
      stale && 'opacity-60',
      order.tags.includes('fraud_risk_detected') && 'shadow-[inset_3px_0_0_var(--danger)]',
    ),
    onFocusCapture: () => setActive(index),
  });
  const empty = (
    <OrderListEmpty
      side={side}
      filtered={activeFilterKeys(search).length > 0}
      onClearFilters={() => navigate(side === 'seller' ? {} : { side })}
      hint={emptyHint}
    />
  );
  const currentView = views.find((view) => sameSearch(view.search, viewSearch(search)));

  return (
    <>
      <PageHeader
        title={t('orders.orderList.orders')}
        description={
          side === 'seller'
            ? t('orders.orderList.ordersBuyersPlacedOn')
            : t('orders.orderList.ordersYouPlacedAs')
        }
        actions={
          <>
            <SideSwitch side={side} onChange={(next) => navigate(next === 'seller' ? {} : { side: next })} />
            <ExportCsvButton userId={userId} search={search} />
          </>
        }
      />
      <div className="flex flex-col gap-3 px-6 py-4">
        <OrderFilters
          search={search}
          onChange={(next) => patch(next, { replace: 'q' in next })}
          searchInput={searchInput}
          now={now}
          trailing={
            <>
              <SavedViews
                views={views}
                current={currentView}
                onOpen={(view) => {
                  if (view.columns) showColumns(view.columns);
                  navigate(validateOrderListSearch(view.search));
                }}
                onSave={(name) =>
                  saveView.mutateAsync({ name: viewName(name), search: viewSearch(search), columns })
                }
                onDelete={(id) => deleteView.mutate(id)}
              />
              <ColumnPicker shown={columns} onChange={showColumns} />
            </>
          }
        />
        <ActiveFilters search={search} onChange={(next) => patch(next)} locale={locale} />
        {/* The list bar: one line of its own, always there, so what appears in it (a selection, live changes)
            never moves the rows under the pointer. */}
        <div className="flex h-8 min-w-0 items-center gap-2" data-testid="list-bar">
          {selection.size > 0 ? (
            <SelectionBar
              count={selection.size}
              onBlockBuyers={buyers.length > 0 ? () => setBlocking(true) : undefined}
              onExport={() => void exportSelection()}
              exporting={exporting}
              onOpenInTurn={() => onOpenInTurn?.([...selection.keys()].slice(0, SELECTION_MAX))}
              onClear={() => setSelection(new Map())}
            />
          ) : rows.length > 0 && !phone ? (
            <p className="min-w-0 truncate text-caption text-faint">{t('orders.listBar.selectHint')}</p>
          ) : null}
          <LiveBanner
            className="ml-auto"
            updated={changes.updated}
            fresh={changes.fresh}
            onRefresh={refresh}
            brief={selection.size > 0}
          />
        </div>
        {/* Drawn also once the selection is let go: it says what the block did, with an undo. */}
        {side === 'seller' && blockBuyers
          ? blockBuyers({
              buyers,
              open: blocking && buyers.length > 0,
              onClose: () => setBlocking(false),
              onBlocked: () => {
                setBlocking(false);
                setSelection(new Map());
              },
            })
          : null}

        {reversed.length > 0 ? (
          <EmptyState
            icon={<AlertIcon />}
            title={t('orders.orderList.reversedRangeTitle')}
            description={t('orders.orderList.reversedRangeText', {
              field: DATE_FIELDS.find((field) => field.id === reversed[0])?.label ?? '',
            })}
          />
        ) : (
          <QueryState
            query={query}
            pending="children"
            error={{ title: translate('orders.orderList.ordersCouldNotBe') }}
          >
            {() => (
              <div
                ref={tableBox}
                className="relative"
                // The query the rows on screen answer, once they do: what tests and the browser benchmark wait for.
                data-results-for={data && !stale ? toApiQuery(search, userId).toString() : undefined}
              >
                <div
                  aria-hidden="true"
                  className={cx(
                    'absolute inset-x-0 -top-1 z-20 h-0.5 overflow-hidden rounded-full transition-opacity',
                    query.isFetching && data ? 'opacity-100' : 'opacity-0',
                  )}
                >
                  <div className="h-full w-full animate-pulse bg-accent motion-reduce:animate-none" />
                </div>
                {phone ? (
                  <OrderCards
                    caption={caption}
                    rows={rows}
                    side={side}
                    locale={locale}
                    search={search}
                    loading={query.isPending}
                    skeletonRows={Math.min(limit, 6)}
                    empty={empty}
                    getRowProps={(order, index) => {
                      const { 'aria-selected': selected, ...props } = rowProps(order, index);
                      return { ...props, ...(selected ? { 'aria-current': 'true' as const } : {}) };
                    }}
                  />
                ) : (
                  <DataTable
                    caption={caption}
                    captionHidden
                    // Closer columns below 1536 px: the tags and any added column stay on screen at 1280.
                    className="max-2xl:[&_td]:px-2 max-2xl:[&_th]:px-2"
                    columns={tableColumns}
                    rows={rows}
                    getRowKey={(order) => order.id}
                    loading={query.isPending}
                    skeletonRows={Math.min(limit, 12)}
                    sort={{ columnId: 'date', direction: sortDirection }}
                    onSortChange={() => patch({ sort: sortDirection === 'desc' ? 'date_asc' : 'date_desc' })}
                    getRowProps={rowProps}
                    empty={empty}
                  />
                )}
              </div>
            )}
          </QueryState>
        )}

        <OrderPager
          offset={offset}
          limit={limit}
          shown={data ? rows.length : undefined}
          total={total}
          onOffsetChange={goToOffset}
          onLimitChange={(next) => patch({ limit: next })}
        />
        {side === 'seller' && total > 0 ? (
          <p className="text-caption text-faint">{t('orders.orderList.retention')}</p>
        ) : null}
        <KeyboardShortcuts open={helpOpen} onToggle={() => setHelpOpen((open) => !open)} />
      </div>
    </>
  );
}
