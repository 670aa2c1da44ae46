import { cx } from '../../../../lib/class-names.ts';
import { formatClock } from '../../../../lib/format.ts';
import { notificationTopicName, orderStatusName } from '../../../../lib/i18n/code-names.ts';
import { T, useT } from '../../../../lib/i18n/use-t.tsx';
import type { FeedItem } from '../../model/feed-items.ts';
import { FeedStateBadge } from './feed-state-badge.tsx';

/** One entry of the feed: when, which order, where it stands, its topic and what became of the order. */
export function FeedRow({
  item,
  selected,
  onSelect,
}: {
  item: FeedItem;
  selected: boolean;
  onSelect: () => void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      aria-pressed={selected}
      data-testid="feed-entry"
      data-entry-id={item.id}
      onClick={onSelect}
      className={cx(
        'grid w-full grid-cols-[auto_minmax(0,1fr)_auto] items-baseline gap-x-3 gap-y-0.5 px-4 py-2.5 text-left text-sm transition-colors',
        selected ? 'bg-accent-soft/50 dark:bg-accent-soft/30' : 'hover:bg-subtle',
      )}
    >
      <span className="font-mono text-xs whitespace-nowrap tabular-nums text-muted">
        {formatClock(item.changed_at)}
      </span>
      <span className="truncate text-ink">
        <T
          id="liveUpdates.feedRow.order"
          values={{ id: item.order_id }}
          components={{ 0: <span className="tabular-nums" /> }}
        />
      </span>
      <FeedStateBadge state={item.state} className="self-center" />
      <span />
      <span className="col-span-2 flex items-center gap-1.5 truncate text-xs text-muted">
        <span>{notificationTopicName(item.topic)}</span>
        {item.order ? <span>· {orderStatusName(item.order.status)}</span> : null}
        {item.notification_ids.length > 1 ? (
          <span>{t('liveUpdates.feedRow.folded', { length: item.notification_ids.length })}</span>
        ) : null}
        {item.redelivery ? (
          <span className="text-accent-soft-ink">{t('liveUpdates.feedRow.redelivered')}</span>
        ) : null}
      </span>
    </button>
  );
}
