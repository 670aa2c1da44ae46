import type { OrderSearchResult } from '@mostrador/contracts';
import { Link } from '@tanstack/react-router';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
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
    get label() {
      return translate('orders.orderColumns.order');
    },
    fixed: true,
    build: ({ search }) => ({
      id: 'order',
      header: translate('orders.orderColumns.order'),
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
    get label() {
      return translate('orders.orderColumns.created');
    },
    build: ({ locale }) => ({
      id: 'date',
      header: translate('orders.orderColumns.created'),
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
    get label() {
      return translate('orders.orderColumns.buyerOrSeller');
    },
    build: ({ side }) => ({
      id: 'counterpart',
      header:
        side === 'seller' ? translate('orders.orderColumns.buyer') : translate('orders.orderColumns.seller'),
      cell: (order) => {
        const party = counterpart(order, side);
        return (
          <span className="font-medium">
            {party.nickname ?? translate('orders.orderColumns.user', { id: party.id })}
          </span>
        );
      },
    }),
  },
  {
    id: 'items',
    get label() {
      return translate('orders.orderColumns.items');
    },
    build: () => ({
      id: 'items',
      header: translate('orders.orderColumns.items'),
      className: 'max-w-72',
      cell: (order) => {
        const [first, ...more] = order.order_items;
        const units = order.order_items.reduce((sum, item) => sum + item.quantity, 0);
        return (
          <span className="flex max-w-[10rem] min-w-0 items-center gap-1.5">
            <span className="truncate" title={first?.item.title}>
              {first?.item.title ?? '—'}
            </span>
            {more.length > 0 ? <span className="shrink-0 text-xs text-faint">+{more.length}</span> : null}
            {units > 1 ? (
              <span className="shrink-0 text-xs text-faint">
                · {translate('orders.orderColumns.units', { count: units })}
              </span>
            ) : null}
          </span>
        );
      },
    }),
  },
  {
    id: 'total',
    get label() {
      return translate('orders.orderColumns.total');
    },
    build: ({ locale }) => ({
      id: 'total',
      header: translate('orders.orderColumns.total'),
      align: 'end',
      className: 'whitespace-nowrap',
      cell: (order) => formatMoney(order.total_amount, order.currency_id, locale),
    }),
  },
  {
    id: 'status',
    get label() {
      return translate('orders.orderColumns.status');
    },
    build: () => ({
      id: 'status',
      header: translate('orders.orderColumns.status'),
      cell: (order) => <StatusBadge status={order.status} />,
    }),
  },
  {
    id: 'tags',
    get label() {
      return translate('orders.orderColumns.tags');
    },
    build: () => ({
      id: 'tags',
      header: translate('orders.orderColumns.tags'),
      cell: (order) => <TagChips tags={order.tags} max={1} />,
    }),
  },
  {
    id: 'payment',
    get label() {
      return translate('orders.orderColumns.payment');
    },
    build: () => ({
      id: 'payment',
      header: translate('orders.orderColumns.payment'),
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
    get label() {
      return translate('orders.orderColumns.lastUpdated');
    },
    build: ({ locale }) => ({
      id: 'updated',
      header: translate('orders.orderColumns.updated'),
      className: 'whitespace-nowrap text-muted',
      cell: (order) => (
        <time dateTime={order.date_last_updated}>{formatDate(order.date_last_updated, locale)}</time>
      ),
    }),
  },
];

export const DEFAULT_COLUMNS = ['order', 'date', 'counterpart', 'items', 'status', 'tags', 'total'];
