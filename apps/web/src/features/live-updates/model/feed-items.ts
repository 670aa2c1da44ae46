import {
  type LiveOrder,
  type NotificationFeedEntry,
  type OrderChangedEvent,
  REDELIVERY_ID_PREFIX,
} from '@mostrador/contracts';

/** An entry of the feed: as the BFF lists it, or as the event stream announced it (then with the order read). */
export type FeedItem = Omit<NotificationFeedEntry, 'arrived_at'> & {
  /** Unknown for entries that came by the stream (the event says when it was published, not received). */
  arrived_at: string | null;
  order: LiveOrder | null;
};

/** Live entries kept in memory at most; older ones remain reachable through the stored pages. */
export const MAX_LIVE_ITEMS = 500;

export const isRedeliveryId = (id: string) => id.startsWith(REDELIVERY_ID_PREFIX);

export const fromEntry = (entry: NotificationFeedEntry): FeedItem => ({ ...entry, order: null });

/** The feed entry an event stands for; null for events that do not name their entry. */
export function fromEvent(event: OrderChangedEvent): FeedItem | null {
  if (event.queue_id === undefined) return null;
  return {
    id: event.queue_id,
    topic: event.topic,
    resource: event.resource,
    order_id: event.order.id,
    state: 'done',
    park_reason: null,
    tries: 0,
    changed_at: event.changed_at,
    arrived_at: null,
    finished_at: event.published_at,
    notification_ids: event.notification_ids,
    redelivery: event.notification_ids.some(isRedeliveryId),
    order: event.order,
  };
}

/**
 * Live entries before the stored ones, one per entry id (a live one, which knows the order, wins over its stored
 * copy), newest first.
 */
export function mergeItems(live: readonly FeedItem[], stored: readonly FeedItem[]): FeedItem[] {
  const byId = new Map<number, FeedItem>();
  for (const item of stored) byId.set(item.id, item);
  for (const item of live) {
    const before = byId.get(item.id);
    byId.set(item.id, before ? { ...before, ...item, arrived_at: before.arrived_at } : item);
  }
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/** Prepends arrivals (newest last in `arrivals`) to the live list, bounded. */
export function prepend(live: readonly FeedItem[], arrivals: readonly FeedItem[]): FeedItem[] {
  return [...[...arrivals].reverse(), ...live].slice(0, MAX_LIVE_ITEMS);
}

/**
 * The feed's live part: entries shown, entries held while paused or read, whether it is paused, and whether it is
 * being read (the pointer or the focus in the list).
 */
export interface LiveFeed {
  live: FeedItem[];
  held: FeedItem[];
  paused: boolean;
  reading?: boolean;
}

export type LiveFeedAction =
  | { type: 'arrived'; item: FeedItem }
  | { type: 'pause' }
  | { type: 'resume' }
  /** The pointer or the focus came into the list, or left it. */
  | { type: 'reading'; reading: boolean }
  /** Another topic: what the stream added to the previous one does not carry over. */
  | { type: 'clear' };

export const EMPTY_LIVE_FEED: LiveFeed = { live: [], held: [], paused: false };

/**
 * The feed as entries arrive: on top at once, or, while paused or read, held (and counted) so the list stays still;
 * resuming, or leaving the list, puts the held ones on top in the order they came.
 */
export function liveFeed(state: LiveFeed, action: LiveFeedAction): LiveFeed {
  switch (action.type) {
    case 'arrived':
      return state.paused || state.reading
        ? { ...state, held: [...state.held, action.item] }
        : { ...state, live: prepend(state.live, [action.item]) };
    case 'reading':
      if (action.reading) return { ...state, reading: true };
      return state.paused
        ? { ...state, reading: false }
        : { ...state, live: prepend(state.live, state.held), held: [], reading: false };
    case 'pause':
      return { ...state, paused: true };
    case 'resume':
      return { ...state, live: prepend(state.live, state.held), held: [], paused: false };
    case 'clear':
      return { ...state, live: [], held: [] };
  }
}
