import { type NotificationsView, notificationFeedSchema } from '@mostrador/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export const notificationFeedKey = ['notification-feed'] as const;

/** `GET /bff/notifications`: a page of the notifications that reached the BFF, newest first. */
export const getNotificationFeed = (
  params: { topic?: NotificationsView['topic']; before?: number },
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams();
  if (params.topic) query.set('topic', params.topic);
  if (params.before !== undefined) query.set('before', String(params.before));
  const suffix = query.size > 0 ? `?${query}` : '';
  return request(`/bff/notifications${suffix}`, notificationFeedSchema, { signal });
};

/**
 * The feed's stored pages, older ones on demand. Never refetched behind the page's back: new entries arrive through
 * the event stream, and a refetch would grow the list while the feed is paused.
 */
export const notificationFeedQueryOptions = (userId: number, topic: NotificationsView['topic']) =>
  infiniteQueryOptions({
    queryKey: [...notificationFeedKey, userId, topic ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      getNotificationFeed({ topic, ...(pageParam === null ? {} : { before: pageParam }) }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
