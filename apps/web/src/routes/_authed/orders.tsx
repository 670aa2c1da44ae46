import { createFileRoute, Outlet } from '@tanstack/react-router';
import { validateOrderListSearch } from '../../features/orders/model/order-list-address.ts';
import { translate } from '../../lib/i18n/i18n.ts';

/**
 * The orders workspace. Its search params are the list's filters (spec 4.2, checked with the contract's
 * `orderSearchUrlSchema`); the detail page keeps them, so previous/next and "back to the list" follow the same list.
 */
export const Route = createFileRoute('/_authed/orders')({
  staticData: {
    get title() {
      return translate('shell.orders.orders');
    },
  },
  validateSearch: validateOrderListSearch,
  component: Outlet,
});
