import { Link } from '@tanstack/react-router';
import { cx } from '../../../../lib/class-names.ts';
import type { OrderListSearch } from '../../model/order-search.ts';

/**
 * An order's number as the list writes it, opening the order with the list's search kept (previous and next follow
 * it); `data-order-link` is what the keyboard navigation focuses. `cover` stretches the link over the card it is in.
 */
export function OrderLink({
  orderId,
  search,
  cover = false,
}: {
  orderId: number;
  search: OrderListSearch;
  cover?: boolean;
}) {
  return (
    <Link
      to="/orders/$orderId"
      params={{ orderId: String(orderId) }}
      search={search}
      data-order-link=""
      className={cx(
        'rounded font-medium text-ink tabular hover:text-accent',
        cover ? "after:absolute after:inset-0 after:content-['']" : 'hover:underline',
      )}
    >
      #{orderId}
    </Link>
  );
}
