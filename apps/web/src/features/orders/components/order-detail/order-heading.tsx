import type { PartialOrder } from '@mostrador/contracts';
import type { ReactNode } from 'react';
import { formatDate } from '../../../../lib/format.ts';
import { orderChannelName } from '../../../../lib/i18n/code-names.ts';
import { withLabels } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import type { Neighbours } from '../../hooks/use-neighbours.ts';
import { StatusBadge } from '../order-status/status-badge.tsx';
import { TagChips } from '../order-status/tag-chips.tsx';

const STEPS = withLabels([
  { step: 'previous', label: 'orders.orderHeading.previous', key: 'k' },
  { step: 'next', label: 'orders.orderHeading.next', key: 'j' },
] as const);

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
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        {backToList}
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-lg font-semibold tracking-tight text-ink tabular">
            {t('orders.orderHeading.order', { id: order.id })}
          </h1>
          <StatusBadge status={order.status} />
          <TagChips tags={order.tags} max={6} />
        </div>
        <p className="text-body text-muted">
          {t('orders.orderHeading.placed', { date: formatDate(order.date_created, locale) })} ·{' '}
          {order.context.site} · {orderChannelName(order.context.channel)}
        </p>
      </div>
      <nav aria-label={t('orders.orderHeading.ordersOfTheList')} className="flex items-center gap-1">
        {neighbours.position ? (
          <span className="mr-2 text-xs text-muted tabular">{neighbours.position}</span>
        ) : null}
        {STEPS.map(({ step, label, key }) => (
          <Button
            key={step}
            size="sm"
            disabled={!neighbours[step]}
            onClick={() => neighbours[step]?.()}
            aria-keyshortcuts={key}
          >
            {label}{' '}
            <kbd
              data-testid="key-hint"
              className="text-caption text-faint max-sm:hidden pointer-coarse:hidden"
            >
              {key}
            </kbd>
          </Button>
        ))}
      </nav>
    </div>
  );
}
