import type { OrderSearchResult } from '@mostrador/contracts';
import { Link } from '@tanstack/react-router';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import type { DataTableColumn } from '../../../../ui/data-table.tsx';
import type { OrderListSearch } from '../../model/order-search.ts';
import { StatusBadge } from '../order-status/status-badge.tsx';
import { TagChips } from '../order-status/tag-chips.tsx';

export interface ColumnContext {
  locale: string;
  side: 'seller' | 'buyer';
  search: OrderListSearch;
}

export interface OrderColumn {
  id: string;
  label: string;
  /** Always shown: the order link is how a row is opened. */
  fixed?: boolean;
  build: (ctx: ColumnContext) => DataTableColumn<OrderSearchResult>;
}

const counterpart = (order: OrderSearchResult, side: 'seller' | 'buyer') =>
  side === 'seller' ? order.buyer : order.seller;

export const ORDER_COLUMNS: readonly OrderColumn[] = [
  {
    id: 'order',
    label: 'Order',
    fixed: true,
    build: ({ search }) => ({
      id: 'order',
      header: 'Order',
      className: 'w-44',
      cell: (order) => (
        <Link
          to="/orders/$orderId"
          params={{ orderId: String(order.id) }}
          search={search}
          data-order-link=""
          className="rounded font-medium text-ink tabular hover:text-accent hover:underline"
        >
          #{order.id}
        </Link>
      ),
    }),
  },
  {
    id: 'date',
    label: 'Created',
    build: ({ locale }) => ({
      id: 'date',
      header: 'Created',
      sortable: true,
      className: 'whitespace-nowrap text-muted',
      cell: (order) => (
        <time dateTime={order.date_created} title={formatDate(order.date_created, locale)}>
          {formatDate(order.date_created, locale, { style: 'date' })}
        </time>
      ),
    }),
  },
  {
    id: 'counterpart',
    label: 'Buyer or seller',
    build: ({ side }) => ({
      id: 'counterpart',
      header: side === 'seller' ? 'Buyer' : 'Seller',
      cell: (order) => {
        const party = counterpart(order, side);
        return <span className="font-medium">{party.nickname ?? `User ${party.id}`}</span>;
      },
    }),
  },
  {
    id: 'items',
    label: 'Items',
    build: () => ({
      id: 'items',
      header: 'Items',
      className: 'max-w-72',
      cell: (order) => {
        const [first, ...more] = order.order_items;
        const units = order.order_items.reduce((sum, item) => sum + item.quantity, 0);
        return (
          <span className="flex max-w-[12rem] min-w-0 items-center gap-1.5">
            <span className="truncate" title={first?.item.title}>
              {first?.item.title ?? '—'}
            </span>
            {more.length > 0 ? <span className="shrink-0 text-xs text-faint">+{more.length}</span> : null}
            {units > 1 ? <span className="shrink-0 text-xs text-faint">· {units} u.</span> : null}
          </span>
        );
      },
    }),
  },
  {
    id: 'total',
    label: 'Total',
    build: ({ locale }) => ({
      id: 'total',
      header: 'Total',
      align: 'end',
      className: 'whitespace-nowrap',
      cell: (order) => formatMoney(order.total_amount, order.currency_id, locale),
    }),
  },
  {
    id: 'status',
    label: 'Status',
    build: () => ({ id: 'status', header: 'Status', cell: (order) => <StatusBadge status={order.status} /> }),
  },
  {
    id: 'tags',
    label: 'Tags',
    build: () => ({ id: 'tags', header: 'Tags', cell: (order) => <TagChips tags={order.tags} max={1} /> }),
  },
  {
    id: 'payment',
    label: 'Payment',
    build: () => ({
      id: 'payment',
      header: 'Payment',
      cell: (order) => {
        const payment = order.payments.at(-1);
        return payment ? (
          <span className="text-muted">
            {payment.payment_type.replaceAll('_', ' ')}
            {payment.installments > 1 ? ` · ${payment.installments}×` : ''}
          </span>
        ) : (
          <span className="text-faint">—</span>
        );
      },
    }),
  },
  {
    id: 'updated',
    label: 'Last updated',
    build: ({ locale }) => ({
      id: 'updated',
      header: 'Updated',
      className: 'whitespace-nowrap text-muted',
      cell: (order) => (
        <time dateTime={order.date_last_updated}>{formatDate(order.date_last_updated, locale)}</time>
      ),
    }),
  },
];

export const DEFAULT_COLUMNS = ['order', 'date', 'counterpart', 'items', 'status', 'tags', 'total'];
