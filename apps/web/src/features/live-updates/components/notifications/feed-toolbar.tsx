import type { NotificationsView } from '@mostrador/contracts';
import { cx } from '../../../../lib/class-names.ts';
import { withLabels } from '../../../../lib/i18n/i18n.ts';
import { T, useT } from '../../../../lib/i18n/use-t.tsx';
import type { LiveStatus } from '../../../../lib/live-events.ts';
import { Badge } from '../../../../ui/badge.tsx';
import { Button } from '../../../../ui/button.tsx';
import { SelectField } from '../../../../ui/select-field.tsx';

const TOPICS = withLabels([
  { value: '', label: 'liveUpdates.feedToolbar.allTopics' },
  { value: 'orders_v2', label: 'notificationTopic.orders_v2' },
  { value: 'orders_feedback', label: 'notificationTopic.orders_feedback' },
]);

/**
 * The feed's topic, its pause, and whether it is live (with how many new entries wait while paused, or while the
 * list is read).
 */
export function FeedToolbar({
  topic,
  onTopicChange,
  paused,
  reading = false,
  onTogglePause,
  status,
  held,
}: {
  topic: NotificationsView['topic'];
  onTopicChange: (topic: NotificationsView['topic']) => void;
  paused: boolean;
  /** The pointer or the focus is in the list: new entries wait until they leave it. */
  reading?: boolean;
  onTogglePause: () => void;
  status: LiveStatus;
  /** Entries that arrived while paused. */
  held: number;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-line px-6 py-3">
      <SelectField
        label={t('liveUpdates.feedToolbar.topic')}
        className="w-60"
        options={TOPICS}
        value={topic ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          onTopicChange(value === 'orders_v2' || value === 'orders_feedback' ? value : undefined);
        }}
      />
      <Button aria-pressed={paused} onClick={onTogglePause} data-testid="feed-pause">
        {paused ? t('liveUpdates.feedToolbar.resume') : t('liveUpdates.feedToolbar.pause')}
      </Button>
      <p className="flex h-8 items-center gap-2 text-body text-muted" data-testid="feed-status">
        <span
          aria-hidden="true"
          className={cx(
            'size-2 rounded-full',
            paused || reading
              ? 'bg-warning-soft-ink'
              : status === 'live'
                ? 'bg-success-soft-ink'
                : 'bg-faint',
          )}
        />
        {paused ? (
          t('liveUpdates.feedToolbar.paused')
        ) : reading ? (
          <>
            {t('liveUpdates.feedToolbar.heldWhileReading')}
            <span className="sr-only"> {t('liveUpdates.feedToolbar.heldWhileReadingHint')}</span>
          </>
        ) : status === 'live' ? (
          t('liveUpdates.feedToolbar.live')
        ) : (
          t('liveUpdates.feedToolbar.connecting')
        )}
        {held > 0 ? (
          <Badge tone="accent" className="tabular-nums">
            <T
              id="liveUpdates.feedToolbar.newCount"
              values={{ count: held }}
              components={{ 0: <span data-testid="feed-new-count" /> }}
            />
          </Badge>
        ) : null}
      </p>
    </div>
  );
}
