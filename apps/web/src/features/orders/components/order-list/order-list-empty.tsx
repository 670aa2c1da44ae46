import type { ReactNode } from 'react';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { EmptyState } from '../../../../ui/empty-state.tsx';
import type { OrderSide } from '../../model/order-search.ts';

/** No orders: none match the filters (with a way to clear them), or the account has none on this side yet. */
export function OrderListEmpty({
  side,
  filtered,
  onClearFilters,
  hint,
}: {
  side: OrderSide;
  filtered: boolean;
  onClearFilters: () => void;
  /** What "no orders yet" offers instead on the selling side (a team member: the accounts it works on). */
  hint?: { description: string; action: ReactNode } | undefined;
}) {
  const t = useT();
  if (filtered) {
    return (
      <EmptyState
        title={t('orders.orderListEmpty.noOrdersMatchThese')}
        description={t('orders.orderListEmpty.changeOrClearThe')}
        action={<Button onClick={onClearFilters}>{t('orders.orderListEmpty.clearFilters')}</Button>}
      />
    );
  }
  return (
    <EmptyState
      title={t('orders.orderListEmpty.noOrdersYet')}
      description={
        side === 'buyer'
          ? t('orders.orderListEmpty.ordersYouPlaceAs')
          : (hint?.description ?? t('orders.orderListEmpty.whenABuyerPurchases'))
      }
      action={side === 'seller' ? hint?.action : undefined}
    />
  );
}
