import type { ReactNode } from 'react';
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
  if (filtered) {
    return (
      <EmptyState
        title="No orders match these filters"
        description="Change or clear the filters to see more orders."
        action={<Button onClick={onClearFilters}>Clear filters</Button>}
      />
    );
  }
  return (
    <EmptyState
      title="No orders yet"
      description={
        side === 'buyer'
          ? 'Orders you place as a buyer appear here.'
          : (hint?.description ?? 'When a buyer purchases one of your items, the order appears here.')
      }
      action={side === 'seller' ? hint?.action : undefined}
    />
  );
}
