import type { TodayQueue } from '@mostrador/contracts';
import { Link } from '@tanstack/react-router';
import { cx } from '../../../../lib/class-names.ts';
import { formatCount, formatDate, formatMoney } from '../../../../lib/format.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../../ui/badge.tsx';
import { Card } from '../../../../ui/card.tsx';
import { entryUrgency, QUEUE_TEXTS } from '../../model/queues.ts';

/**
 * The list's own filters, as the BFF names them for the queue: the orders route checks them on arrival like any
 * address typed by hand.
 */
const listSearch = (search: Record<string, string>) => search as never;

/** One queue of the day: its count, its most urgent orders, and the same orders in the list. */
export function QueueCard({
  queue,
  locale,
  filling,
}: {
  queue: TodayQueue;
  locale: string;
  /** The first fill of the seller's orders has not ended: an empty queue may not be empty. */
  filling: boolean;
}) {
  const t = useT();
  const texts = QUEUE_TEXTS[queue.id];
  const more = queue.count - queue.entries.length;
  return (
    <Card
      data-queue={queue.id}
      title={
        <span className="flex items-center gap-2">
          {t(texts.title)}
          <Badge tone={queue.count > 0 ? texts.tone : 'neutral'} className="tabular">
            <span data-queue-count="">{formatCount(queue.count, locale)}</span>
          </Badge>
        </span>
      }
      actions={
        queue.count > 0 ? (
          <Link
            to="/orders"
            search={listSearch(queue.search)}
            className="rounded text-body font-medium text-accent hover:underline"
          >
            {t('sellerDay.queue.openInOrders')}
          </Link>
        ) : null
      }
      bodyClassName="text-body"
    >
      {queue.count === 0 ? (
        <p className="px-4 py-3 text-muted">{t(filling ? 'sellerDay.queue.noneReadYet' : texts.empty)}</p>
      ) : (
        <>
          <ol className="divide-y divide-line">
            {queue.entries.map((entry) => {
              const urgency = entryUrgency(queue.id, entry);
              return (
                <li
                  key={entry.order_id}
                  className="relative flex items-center gap-3 px-4 py-2 hover:bg-surface-sunken"
                >
                  <div className="min-w-0 flex-1">
                    <Link
                      to="/orders/$orderId"
                      params={{ orderId: String(entry.order_id) }}
                      search={listSearch(queue.search)}
                      className="block truncate font-medium text-ink after:absolute after:inset-0 after:content-[''] hover:text-accent"
                    >
                      {entry.title}
                    </Link>
                    <p className="truncate text-caption text-muted tabular">
                      #{entry.order_id}
                      {entry.buyer_nickname ? ` · ${entry.buyer_nickname}` : ''}
                      {' · '}
                      {formatDate(entry.date_created, locale, { style: 'date' })}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-0.5">
                    <span className="text-ink tabular">
                      {formatMoney(entry.total_amount, entry.currency_id, locale)}
                    </span>
                    {urgency ? (
                      <span
                        className={cx(
                          'text-caption',
                          urgency.pressing ? 'font-medium text-danger' : 'text-muted',
                        )}
                      >
                        {t(urgency.id, urgency.values)}
                      </span>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
          {more > 0 || !queue.exact ? (
            <div className="border-t border-line px-4 py-2 text-caption text-muted">
              {more > 0 ? (
                <Link
                  to="/orders"
                  search={listSearch(queue.search)}
                  className="rounded hover:text-ink hover:underline"
                >
                  {t('sellerDay.queue.more', { count: more })}
                </Link>
              ) : null}
              {!queue.exact ? (
                <p className={more > 0 ? 'mt-1' : undefined}>{t('sellerDay.queue.listIsWider')}</p>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </Card>
  );
}
