import type { OrderSearchResult } from '@mostrador/contracts';
import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../../../lib/class-names.ts';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { cardClasses } from '../../../../ui/card.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import type { OrderListSearch } from '../../model/order-search.ts';
import { StatusBadge } from '../order-status/status-badge.tsx';
import { TagChips } from '../order-status/tag-chips.tsx';
import { OrderLink } from './order-link.tsx';

export interface OrderCardsProps {
  caption: string;
  rows: readonly OrderSearchResult[];
  side: 'seller' | 'buyer';
  locale: string;
  search: OrderListSearch;
  loading: boolean;
  skeletonRows: number;
  empty: ReactNode;
  /** The same attributes the table gives its rows: the keyboard's index, the selected one, the fraud stripe. */
  getRowProps: (
    row: OrderSearchResult,
    index: number,
  ) => HTMLAttributes<HTMLElement> & Record<`data-${string}`, string>;
}

/**
 * The order list on a phone: one card per order with what a table row shows first (the order, the buyer, the total,
 * the status and the tags), the date beside the buyer. The whole card opens the order.
 */
export function OrderCards({
  caption,
  rows,
  side,
  locale,
  search,
  loading,
  skeletonRows,
  empty,
  getRowProps,
}: OrderCardsProps) {
  if (loading) {
    return (
      <ul aria-label={caption} aria-busy="true" className="flex flex-col gap-2">
        {Array.from({ length: skeletonRows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
          <li key={index} className={cardClasses('raised', 'flex flex-col gap-2 p-3')}>
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-3 w-3/4" />
          </li>
        ))}
      </ul>
    );
  }
  if (rows.length === 0) return <div className={cardClasses('raised')}>{empty}</div>;
  return (
    <ul aria-label={caption} className="flex flex-col gap-2">
      {rows.map((order, index) => {
        const { className, ...extra } = getRowProps(order, index);
        const party = side === 'seller' ? order.buyer : order.seller;
        return (
          <li
            key={order.id}
            {...extra}
            className={cx(cardClasses('raised', 'relative flex flex-col gap-1.5 p-3'), className)}
          >
            <div className="flex items-baseline justify-between gap-3">
              {/* The card is the link's target area; the link stays the one focusable element. */}
              <OrderLink orderId={order.id} search={search} cover />
              <span className="font-medium whitespace-nowrap text-ink tabular">
                {formatMoney(order.total_amount, order.currency_id, locale)}
              </span>
            </div>
            <div className="flex items-baseline justify-between gap-3 text-muted">
              <span className="min-w-0 truncate">
                {party.nickname ?? translate('orders.orderColumns.user', { id: party.id })}
              </span>
              <time dateTime={order.date_created} className="shrink-0 text-caption tabular">
                {formatDate(order.date_created, locale, { style: 'date' })}
              </time>
            </div>
            <div className="flex flex-wrap items-center gap-1.5">
              <StatusBadge status={order.status} />
              <TagChips tags={order.tags} max={2} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
