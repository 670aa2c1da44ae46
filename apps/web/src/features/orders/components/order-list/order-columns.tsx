import type { OrderSearchResult } from '@mostrador/contracts';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { paymentTypeName } from '../../../../lib/i18n/code-names.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import type { DataTableColumn } from '../../../../ui/data-table.tsx';
import type { OrderListSearch } from '../../model/order-search.ts';
import { StatusBadge } from '../order-status/status-badge.tsx';
import { TagChips } from '../order-status/tag-chips.tsx';
import { OrderLink } from './order-link.tsx';
import { ProceedsCell } from './proceeds-cell.tsx';

export interface ColumnContext {
  locale: string;
  side: 'seller' | 'buyer';
  search: OrderListSearch;
  /** The ids of the columns shown. */
  shown: readonly string[];
}

export interface OrderColumn {
  id: string;
  label: string;
  /** Always shown: the order link is how a row is opened. */
  fixed?: boolean;
  build: (ctx: ColumnContext) => DataTableColumn<OrderSearchResult>;
}

/**
 * With a column added (payment, last update) the table is too wide for 1280 px: below 1536 px the tags fold under
 * the status, as the items fold under the buyer, so no column is pushed off the screen.
 */
const foldsTags = (shown: readonly string[]) =>
  shown.includes('tags') && (shown.includes('payment') || shown.includes('updated'));

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
      className: 'w-40 whitespace-nowrap',
      cell: (order) => <OrderLink orderId={order.id} search={search} />,
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
    build: ({ side, shown }) => ({
      id: 'counterpart',
      header:
        side === 'seller' ? translate('orders.orderColumns.buyer') : translate('orders.orderColumns.seller'),
      cell: (order) => {
        const party = counterpart(order, side);
        const name = party.nickname ?? translate('orders.orderColumns.user', { id: party.id });
        const item = order.order_items[0]?.item.title;
        return (
          <>
            <span
              className="block max-w-[8rem] truncate font-medium xl:max-w-[11rem] 2xl:max-w-[13rem]"
              title={name}
            >
              {name}
            </span>
            {/* Below 1536 px the items fold in here, so the columns the seller added fit beside the rest. */}
            {shown.includes('items') && item ? (
              <span
                className="block max-w-[8rem] truncate text-caption text-muted xl:max-w-[11rem] 2xl:hidden"
                title={item}
              >
                {item}
              </span>
            ) : null}
          </>
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
      className: 'max-w-72 max-2xl:hidden',
      cell: (order) => {
        const [first, ...more] = order.order_items;
        const units = order.order_items.reduce((sum, item) => sum + item.quantity, 0);
        return (
          <span className="flex max-w-[12rem] min-w-0 items-center gap-1.5">
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
    build: ({ shown }) => ({
      id: 'status',
      header: translate('orders.orderColumns.status'),
      className: 'whitespace-nowrap',
      cell: (order) =>
        foldsTags(shown) ? (
          <span className="flex flex-col items-start gap-1">
            <StatusBadge status={order.status} />
            <span className="2xl:hidden">
              <TagChips tags={order.tags} max={1} />
            </span>
          </span>
        ) : (
          <StatusBadge status={order.status} />
        ),
    }),
  },
  {
    id: 'tags',
    get label() {
      return translate('orders.orderColumns.tags');
    },
    build: ({ shown }) => ({
      id: 'tags',
      header: translate('orders.orderColumns.tags'),
      ...(foldsTags(shown) ? { className: 'max-2xl:hidden' } : {}),
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
        // The kind of payment fits the column; the installments are in its title.
        return payment ? (
          <span
            className="whitespace-nowrap text-muted"
            title={
              payment.installments > 1
                ? translate('orders.orderColumns.paymentInstallments', {
                    type: paymentTypeName(payment.payment_type),
                    count: payment.installments,
                  })
                : undefined
            }
          >
            {paymentTypeName(payment.payment_type)}
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
        <time dateTime={order.date_last_updated} title={formatDate(order.date_last_updated, locale)}>
          {formatDate(order.date_last_updated, locale, { style: 'date' })}
        </time>
      ),
    }),
  },
  {
    id: 'receives',
    get label() {
      return translate('orders.orderColumns.receives');
    },
    build: ({ locale, side }) => ({
      id: 'receives',
      header: translate('orders.orderColumns.receives'),
      align: 'end',
      className: 'whitespace-nowrap',
      // A purchase leaves the buyer nothing to receive.
      cell: (order) =>
        side === 'seller' ? (
          <ProceedsCell order={order} locale={locale} />
        ) : (
          <span className="text-faint">—</span>
        ),
    }),
  },
];

export const DEFAULT_COLUMNS = ['order', 'date', 'counterpart', 'items', 'status', 'tags', 'total'];
