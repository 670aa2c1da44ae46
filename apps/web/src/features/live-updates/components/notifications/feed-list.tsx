import type { NotificationFeed } from '@mostrador/contracts';
import type { InfiniteData } from '@tanstack/react-query';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { BellIcon } from '../../../../ui/icons.tsx';
import { type QueryLike, QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import type { FeedItem } from '../../model/feed-items.ts';
import { FeedRow } from './feed-row.tsx';

/** The feed's entries, newest first, with older stored pages on demand. */
export function FeedList({
  feed,
  items,
  selectedId,
  onSelect,
}: {
  /** The stored pages, for their loading and failure; `items` holds them merged with the live entries. */
  feed: QueryLike<InfiniteData<NotificationFeed>> & {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  items: readonly FeedItem[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const t = useT();
  return (
    <QueryState
      query={feed}
      loading={
        <div className="flex flex-col gap-2 p-4">
          {Array.from({ length: 6 }, (_, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={n} className="h-12 w-full" />
          ))}
        </div>
      }
      error={{
        title: translate('liveUpdates.feedList.theNotificationsCouldNot'),
        description: translate('liveUpdates.feedList.checkYourConnectionAnd'),
      }}
      isEmpty={() => items.length === 0}
      empty={{
        icon: <BellIcon />,
        title: translate('liveUpdates.feedList.noNotificationsYet'),
        description: translate('liveUpdates.feedList.whenAnOrderChanges'),
      }}
    >
      {() => (
        <>
          <ul
            aria-label={t('liveUpdates.feedList.notifications')}
            data-testid="feed-list"
            className="divide-y divide-line"
          >
            {items.map((item) => (
              <li key={item.id}>
                <FeedRow item={item} selected={item.id === selectedId} onSelect={() => onSelect(item.id)} />
              </li>
            ))}
          </ul>
          {feed.hasNextPage ? (
            <div className="border-t border-line p-3">
              <Button
                size="sm"
                className="w-full"
                pending={feed.isFetchingNextPage}
                onClick={() => feed.fetchNextPage()}
              >
                {t('liveUpdates.feedList.loadOlder')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
