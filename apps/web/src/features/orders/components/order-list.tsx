import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiClientError } from '../../../lib/api-client.ts';
import { cx } from '../../../lib/class-names.ts';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Popover } from '../../../ui/popover.tsx';
import { Select } from '../../../ui/select.tsx';
import { orderSearchQueryOptions, ordersKey } from '../api/search-orders.ts';
import { useListKeyboard } from '../hooks/use-list-keyboard.ts';
import { type SubscribeOrderChanges, useOrderChanges } from '../hooks/use-order-changes.ts';
import {
  activeFilterKeys,
  DEFAULT_LIMIT,
  DEFAULT_SORT,
  type OrderListSearch,
  PAGE_SIZES,
  toApiQuery,
} from '../model/order-search.ts';
import {
  deleteView,
  loadColumns,
  loadViews,
  type SavedView,
  sameSearch,
  saveColumns,
  saveView,
} from '../model/saved-views.ts';
import { ExportCsvButton } from './export-csv.tsx';
import { LiveBanner } from './live-banner.tsx';
import { DEFAULT_COLUMNS, ORDER_COLUMNS } from './order-columns.tsx';
import { ActiveFilters, OrderFilters, type SearchPatch } from './order-filters.tsx';

export interface OrderListProps {
  userId: number;
  locale: string;
  search: OrderListSearch;
  /** Replaces the URL's search; `replace` for typing, so Back is not a keystroke history. */
  navigate: (search: OrderListSearch, options?: { replace?: boolean }) => void;
  subscribeChanges?: SubscribeOrderChanges;
  /** What "no orders yet" offers instead (a team member on its own account: the accounts it works on). */
  emptyHint?: { description: string; action: ReactNode };
}

const MAX_OFFSET = 10_000;

export function OrderList({ userId, locale, search, navigate, subscribeChanges, emptyHint }: OrderListProps) {
  const side = search.side ?? 'seller';
  const query = useQuery({ ...orderSearchQueryOptions(userId, search), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const searchInput = useRef<HTMLInputElement>(null);
  const tableBox = useRef<HTMLDivElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [columns, setColumns] = useState<string[]>(() => loadColumns(DEFAULT_COLUMNS));
  const [views, setViews] = useState<SavedView[]>(() => loadViews());
  const [now] = useState(() => new Date());

  const limit = Number(search.limit ?? DEFAULT_LIMIT);
  const offset = Number(search.offset ?? 0);
  const data = query.data;
  const total = data?.paging.total ?? 0;
  const rows = data?.results ?? [];
  const stale = query.isPlaceholderData;

  const patch = useCallback(
    (changes: SearchPatch, options?: { replace?: boolean }) => {
      const next: Record<string, string | undefined> = { ...search, ...changes };
      if (!('offset' in changes)) delete next.offset;
      for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
      navigate(next as OrderListSearch, options);
    },
    [search, navigate],
  );

  const goToOffset = useCallback(
    (nextOffset: number) => {
      if (nextOffset < 0 || nextOffset >= total || nextOffset > MAX_OFFSET) return;
      patch({ offset: nextOffset === 0 ? undefined : String(nextOffset) });
    },
    [patch, total],
  );

  // Result counts are announced politely when a search settles (not on every keystroke).
  useEffect(() => {
    if (!data || stale) return;
    const first = data.paging.total === 0 ? 0 : data.paging.offset + 1;
    const last = data.paging.offset + data.results.length;
    announce(
      data.paging.total === 0
        ? 'No orders found'
        : `${data.paging.total.toLocaleString()} orders, showing ${first} to ${last}`,
    );
  }, [data, stale, announce]);

  const { active, setActive } = useListKeyboard({
    container: tableBox,
    rowCount: rows.length,
    searchInput,
    onNextPage: () => goToOffset(offset + limit),
    onPreviousPage: () => goToOffset(Math.max(0, offset - limit)),
    onHelp: () => setHelpOpen((open) => !open),
  });

  const visible = useMemo(() => new Map(rows.map((order) => [order.id, order.date_last_updated])), [rows]);
  const changes = useOrderChanges(subscribeChanges, visible);
  const refresh = () => {
    changes.reset();
    void queryClient.invalidateQueries({ queryKey: ordersKey });
  };

  const ctx = { locale, side, search } as const;
  const tableColumns = ORDER_COLUMNS.filter((column) => column.fixed || columns.includes(column.id)).map(
    (column) => column.build(ctx),
  );
  const sortDirection = (search.sort ?? DEFAULT_SORT) === 'date_asc' ? 'asc' : 'desc';
  const filtered = activeFilterKeys(search).length > 0;
  const currentView = views.find((view) => sameSearch(view.search, search));

  const error = query.error;
  return (
    <>
      <PageHeader
        title="Orders"
        description={
          side === 'seller' ? 'Orders buyers placed on your items.' : 'Orders you placed as a buyer.'
        }
        actions={
          <>
            <fieldset className="flex rounded-md border border-line-strong p-0.5">
              <legend className="sr-only">Side</legend>
              {(['seller', 'buyer'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={side === value}
                  onClick={() => navigate(value === 'seller' ? {} : { side: value })}
                  className="h-6.5 rounded px-2.5 text-body text-muted aria-pressed:bg-subtle aria-pressed:font-medium aria-pressed:text-ink"
                >
                  {value === 'seller' ? 'Selling' : 'Buying'}
                </button>
              ))}
            </fieldset>
            <ExportCsvButton userId={userId} search={search} />
          </>
        }
      />
      <div className="flex flex-col gap-3 px-6 py-4">
        <OrderFilters
          search={search}
          onChange={(changes) => patch(changes, { replace: 'q' in changes })}
          searchInput={searchInput}
          now={now}
          trailing={
            <>
              <SavedViews
                views={views}
                current={currentView}
                onOpen={(view) => {
                  if (view.columns) {
                    setColumns(view.columns);
                    saveColumns(view.columns);
                  }
                  navigate(view.search);
                }}
                onSave={(name) => setViews(saveView(views, name, search))}
                onDelete={(id) => setViews(deleteView(views, id))}
              />
              <Popover label="Columns" align="end">
                <fieldset className="flex flex-col">
                  <legend className="px-2 pb-1 text-xs font-medium text-muted">Columns shown</legend>
                  {ORDER_COLUMNS.filter((column) => !column.fixed).map((column) => (
                    <Checkbox
                      key={column.id}
                      label={column.label}
                      checked={columns.includes(column.id)}
                      onChange={(event) => {
                        const next = event.target.checked
                          ? ORDER_COLUMNS.map((c) => c.id).filter(
                              (id) => id === column.id || columns.includes(id),
                            )
                          : columns.filter((id) => id !== column.id);
                        setColumns(next);
                        saveColumns(next);
                      }}
                    />
                  ))}
                </fieldset>
              </Popover>
            </>
          }
        />
        <ActiveFilters search={search} onChange={(changes) => patch(changes)} locale={locale} />
        <LiveBanner updated={changes.updated} fresh={changes.fresh} onRefresh={refresh} />

        {error && !data ? (
          <ErrorState
            title="Orders could not be loaded"
            description={error.message}
            code={error instanceof ApiClientError ? error.error : undefined}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
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
            <DataTable
              caption={`Orders${data ? `, ${total.toLocaleString()} in all` : ''}`}
              captionHidden
              columns={tableColumns}
              rows={rows}
              getRowKey={(order) => order.id}
              loading={query.isPending}
              skeletonRows={Math.min(limit, 12)}
              sort={{ columnId: 'date', direction: sortDirection }}
              onSortChange={() => patch({ sort: sortDirection === 'desc' ? 'date_asc' : 'date_desc' })}
              getRowProps={(order, index) => ({
                'data-row-index': String(index),
                'data-order-id': String(order.id),
                'aria-selected': index === active ? true : undefined,
                className: cx(
                  index === active && 'bg-accent-soft/60',
                  stale && 'opacity-60',
                  order.tags.includes('fraud_risk_detected') && 'shadow-[inset_3px_0_0_var(--danger)]',
                ),
                onFocusCapture: () => setActive(index),
              })}
              empty={
                filtered ? (
                  <EmptyState
                    title="No orders match these filters"
                    description="Change or clear the filters to see more orders."
                    action={
                      <Button onClick={() => navigate(side === 'seller' ? {} : { side })}>
                        Clear filters
                      </Button>
                    }
                  />
                ) : (
                  <EmptyState
                    title="No orders yet"
                    description={
                      side === 'seller' && emptyHint
                        ? emptyHint.description
                        : side === 'seller'
                          ? 'When a buyer purchases one of your items, the order appears here.'
                          : 'Orders you place as a buyer appear here.'
                    }
                    action={side === 'seller' ? emptyHint?.action : undefined}
                  />
                )
              }
            />
          </div>
        )}

        <div className="flex flex-wrap items-center justify-between gap-3 text-body">
          <p className="text-muted tabular" data-testid="result-count">
            {data && total > 0
              ? `${(offset + 1).toLocaleString()}–${(offset + rows.length).toLocaleString()} of ${total.toLocaleString()} orders`
              : data
                ? '0 orders'
                : ' '}
          </p>
          <nav aria-label="Pages of orders" className="flex items-center gap-2">
            <span className="flex items-center gap-2 text-muted">
              <label htmlFor="orders-page-size">Rows per page</label>
              <Select
                id="orders-page-size"
                className="w-20"
                value={String(limit)}
                options={PAGE_SIZES.map((size) => ({ value: size, label: size }))}
                onChange={(event) =>
                  patch({ limit: event.target.value === DEFAULT_LIMIT ? undefined : event.target.value })
                }
              />
            </span>
            <Button
              size="sm"
              variant="ghost"
              disabled={offset === 0}
              onClick={() => goToOffset(Math.max(0, offset - limit))}
              aria-keyshortcuts="["
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={offset + limit >= total || offset + limit > MAX_OFFSET}
              onClick={() => goToOffset(offset + limit)}
              aria-keyshortcuts="]"
            >
              Next
            </Button>
          </nav>
        </div>
        <Shortcuts open={helpOpen} onToggle={() => setHelpOpen((open) => !open)} />
      </div>
    </>
  );
}

function SavedViews({
  views,
  current,
  onOpen,
  onSave,
  onDelete,
}: {
  views: SavedView[];
  current: SavedView | undefined;
  onOpen: (view: SavedView) => void;
  onSave: (name: string) => void;
  onDelete: (id: string) => void;
}) {
  const [name, setName] = useState('');
  return (
    <Popover label={current ? `View: ${current.name}` : 'Views'} align="end" panelClassName="w-72">
      {(close) => (
        <div className="flex flex-col gap-2">
          {views.length > 0 ? (
            <ul aria-label="Saved views" className="flex flex-col">
              {views.map((view) => (
                <li key={view.id} className="flex items-center gap-1">
                  <button
                    type="button"
                    className="h-7 min-w-0 flex-1 truncate rounded-md px-2 text-left hover:bg-subtle aria-[current=true]:font-medium"
                    aria-current={view.id === current?.id ? 'true' : undefined}
                    onClick={() => {
                      onOpen(view);
                      close();
                    }}
                  >
                    {view.name}
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete view ${view.name}`}
                    className="h-7 rounded-md px-2 text-xs text-faint hover:bg-subtle hover:text-danger"
                    onClick={() => onDelete(view.id)}
                  >
                    Delete
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-2 text-xs text-muted">
              No saved views yet. Name the current filters to keep them.
            </p>
          )}
          <form
            className="flex gap-1.5 border-t border-line pt-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!name.trim()) return;
              onSave(name);
              setName('');
            }}
          >
            <input
              aria-label="View name"
              placeholder="Name this view"
              value={name}
              maxLength={60}
              onChange={(event) => setName(event.target.value)}
              className="h-7 min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-2 text-body"
            />
            <Button type="submit" size="sm" variant="primary">
              Save
            </Button>
          </form>
        </div>
      )}
    </Popover>
  );
}

const SHORTCUTS = [
  ['j or ↓', 'Next order'],
  ['k or ↑', 'Previous order'],
  ['Enter', 'Open the order'],
  ['/', 'Search'],
  [']  [', 'Next or previous page'],
  ['?', 'Show or hide these shortcuts'],
] as const;

function Shortcuts({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <div className="text-xs text-muted">
      <button
        type="button"
        aria-expanded={open}
        onClick={onToggle}
        className="rounded underline-offset-2 hover:text-ink hover:underline"
      >
        Keyboard shortcuts
      </button>
      {open ? (
        <dl
          className="mt-2 grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-1"
          aria-label="Keyboard shortcuts"
        >
          {SHORTCUTS.map(([keys, action]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-line bg-surface px-1.5 py-0.5 font-mono text-caption text-ink">
                  {keys}
                </kbd>
              </dt>
              <dd>{action}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
