import { messagesByKey } from '../../../../lib/i18n/i18n.ts';
import { Badge } from '../../../../ui/badge.tsx';
import type { FeedItem } from '../../model/feed-items.ts';

const TONE = {
  pending: 'info',
  done: 'success',
  parked: 'warning',
} as const;
const LABEL: Record<FeedItem['state'], string> = messagesByKey({
  pending: 'liveUpdates.feedStateBadge.pending',
  done: 'liveUpdates.feedStateBadge.delivered',
  parked: 'liveUpdates.feedStateBadge.parked',
});

/** Where a feed entry stands: waiting, shown to the dashboard, or parked. */
export function FeedStateBadge({ state, className }: { state: FeedItem['state']; className?: string }) {
  return (
    <Badge tone={TONE[state]} dot className={className}>
      {LABEL[state]}
    </Badge>
  );
}
