import type { PartialOrder } from '@mostrador/contracts';
import { cx } from '../../../../lib/class-names.ts';
import { formatDate } from '../../../../lib/format.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Card } from '../../../../ui/card.tsx';
import { statusHistory } from '../../model/status-history.ts';

const DOT = {
  danger: 'bg-danger',
  success: 'bg-success-soft-ink',
  warning: 'bg-line-strong',
  neutral: 'bg-line-strong',
};

/** What the order tells of its history, oldest first. */
export function HistoryCard({ order, locale }: { order: PartialOrder; locale: string }) {
  const t = useT();
  return (
    <Card title={t('orders.historyCard.history')}>
      <ol className="flex flex-col gap-2">
        {statusHistory(order).map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are derived, in a fixed order
          <li key={index} className="flex gap-3">
            <span aria-hidden="true" className={cx('mt-1.5 size-2 shrink-0 rounded-full', DOT[entry.tone])} />
            <div>
              <p className="text-ink">
                {entry.label}
                {entry.detail ? <span className="text-muted"> · {entry.detail}</span> : null}
              </p>
              <time dateTime={entry.date} className="text-xs text-muted">
                {formatDate(entry.date, locale)}
              </time>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
