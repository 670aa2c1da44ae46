import { type FeedMessage, myFeedsSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export const myFeedsKey = ['myfeeds'] as const;
const PAGE = 100;
/** How far back the attempts of one entry are looked for: the platform's history has no search by id. */
const MAX_PAGES = 10;

/** `GET /api/myfeeds?app_id=`: the application's notifications, newest first, with every delivery attempt. */
export const getMyFeeds = (
  params: { applicationId: number; offset?: number; limit?: number },
  signal?: AbortSignal,
) =>
  request(
    `/api/myfeeds?app_id=${params.applicationId}&offset=${params.offset ?? 0}&limit=${params.limit ?? PAGE}`,
    myFeedsSchema,
    { signal },
  );

/** Whether the application's notifications are on (they go off after repeated failures). */
export const feedStatusQueryOptions = (applicationId: number) =>
  queryOptions({
    queryKey: [...myFeedsKey, applicationId, 'status'],
    queryFn: async ({ signal }) => {
      const feed = await getMyFeeds({ applicationId, limit: 1 }, signal);
      return { active: feed.notifications_active };
    },
    staleTime: 30_000,
    retry: false,
  });

/**
 * The platform's messages with these ids and their attempts, read page by page from the newest until all are found
 * or the history is older than `since` (the earliest change they report).
 */
export const deliveryAttemptsQueryOptions = (applicationId: number, ids: string[], since: string) =>
  queryOptions({
    queryKey: [...myFeedsKey, applicationId, 'attempts', ids],
    queryFn: async ({ signal }) => {
      const wanted = new Set(ids);
      const found: FeedMessage[] = [];
      const oldest = Date.parse(since);
      for (let page = 0; page < MAX_PAGES && wanted.size > 0; page++) {
        const feed = await getMyFeeds({ applicationId, offset: page * PAGE }, signal);
        for (const message of feed.messages) {
          if (wanted.delete(message._id)) found.push(message);
        }
        const last = feed.messages.at(-1);
        if (!last || feed.messages.length < PAGE || Date.parse(last.received) < oldest) break;
      }
      return { messages: found, missing: [...wanted] };
    },
    staleTime: 5_000,
    retry: false,
    // An attempt is recorded just after the dashboard answers it: look again shortly for a change that just came.
    refetchInterval: (query) =>
      (query.state.data?.missing.length ?? 0) > 0 && Date.now() - Date.parse(since) < 60_000 ? 2_000 : false,
  });
