import type { PartialOrder } from '@mostrador/contracts';
import type { ReactNode } from 'react';
import { formatDate } from '../../../../lib/format.ts';
import { Button } from '../../../../ui/button.tsx';
import type { Neighbours } from '../../hooks/use-neighbours.ts';
import { StatusBadge } from '../order-status/status-badge.tsx';
import { TagChips } from '../order-status/tag-chips.tsx';

/** The order's number, status and tags, when and where it was placed, and the way to its neighbours in the list. */
export function OrderHeading({
  order,
  locale,
  neighbours,
  backToList,
}: {
  order: PartialOrder;
  locale: string;
  neighbours: Neighbours;
  backToList: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        {backToList}
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-lg font-semibold tracking-tight text-ink tabular">Order #{order.id}</h1>
          <StatusBadge status={order.status} />
          <TagChips tags={order.tags} max={6} />
        </div>
        <p className="text-body text-muted">
          Placed {formatDate(order.date_created, locale)} · {order.context.site} · {order.context.channel}
        </p>
      </div>
      <nav aria-label="Orders of the list" className="flex items-center gap-1">
        {neighbours.position ? (
          <span className="mr-2 text-xs text-muted tabular">{neighbours.position}</span>
        ) : null}
        <Button
          size="sm"
          disabled={!neighbours.previous}
          onClick={() => neighbours.previous?.()}
          aria-keyshortcuts="k"
        >
          Previous <kbd className="text-caption text-faint">k</kbd>
        </Button>
        <Button
          size="sm"
          disabled={!neighbours.next}
          onClick={() => neighbours.next?.()}
          aria-keyshortcuts="j"
        >
          Next <kbd className="text-caption text-faint">j</kbd>
        </Button>
      </nav>
    </div>
  );
}
