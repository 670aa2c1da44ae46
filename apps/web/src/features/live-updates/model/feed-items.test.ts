import type { OrderChangedEvent } from '@mostrador/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LIVE_FEED,
  type FeedItem,
  fromEvent,
  liveFeed,
  MAX_LIVE_ITEMS,
  mergeItems,
  prepend,
} from './feed-items.ts';

const event = (queueId: number | undefined, ids = ['a']): OrderChangedEvent => ({
  type: 'order_changed',
  event_id: 9,
  user_id: 1,
  topic: 'orders_v2',
  resource: '/orders/2000000001',
  notification_ids: ids,
  ...(queueId === undefined ? {} : { queue_id: queueId }),
  changed_at: '2025-01-01T10:00:00.000Z',
  published_at: '2025-01-01T10:00:01.000Z',
  order: {
    id: 2000000001,
    status: 'paid',
    status_detail: null,
    date_created: '2025-01-01T09:00:00.000-03:00',
    date_closed: null,
    last_updated: '2025-01-01T10:00:00.000-03:00',
    total_amount: 10,
    paid_amount: 10,
    currency_id: 'ARS',
    tags: [],
    buyer: null,
    seller: { id: 1 },
    items: [],
  },
});

const stored = (id: number, state: FeedItem['state'] = 'pending'): FeedItem => ({
  ...(fromEvent(event(id)) as FeedItem),
  state,
  finished_at: null,
  arrived_at: '2025-01-01T10:00:00.500Z',
  order: null,
});

describe('feed items', () => {
  it('makes an entry of an event that names its queue entry, marking redeliveries', () => {
    expect(fromEvent(event(undefined))).toBeNull();
    const item = fromEvent(event(4, ['redelivery-3-x']));
    expect(item).toMatchObject({ id: 4, state: 'done', order_id: 2000000001, redelivery: true });
    expect(fromEvent(event(5))?.redelivery).toBe(false);
  });

  it('merges live entries over stored ones by id, newest first, keeping when it was received', () => {
    const live = [fromEvent(event(3)) as FeedItem, fromEvent(event(5)) as FeedItem];
    const merged = mergeItems(live, [stored(3), stored(2, 'parked')]);
    expect(merged.map((i) => i.id)).toEqual([5, 3, 2]);
    expect(merged[1]).toMatchObject({ state: 'done', arrived_at: '2025-01-01T10:00:00.500Z' });
    expect(merged[1]?.order?.id).toBe(2000000001);
  });

  it('prepends arrivals newest first and bounds the live list', () => {
    const live = prepend([], [stored(1), stored(2)]);
    expect(live.map((i) => i.id)).toEqual([2, 1]);
    const many = Array.from({ length: MAX_LIVE_ITEMS + 5 }, (_, n) => stored(n + 3));
    const bounded = prepend(live, many);
    expect(bounded).toHaveLength(MAX_LIVE_ITEMS);
    expect(bounded[0]?.id).toBe(MAX_LIVE_ITEMS + 7);
  });
});

describe('liveFeed', () => {
  const arrived = (id: number) => ({ type: 'arrived', item: stored(id, 'done') }) as const;

  it('shows arrivals on top at once while it runs', () => {
    const state = [arrived(1), arrived(2)].reduce(liveFeed, EMPTY_LIVE_FEED);
    expect(state.live.map((i) => i.id)).toEqual([2, 1]);
    expect(state.held).toEqual([]);
  });

  it('holds arrivals while paused, and puts them on top in their order on resume', () => {
    let state = liveFeed(liveFeed(EMPTY_LIVE_FEED, arrived(1)), { type: 'pause' });
    state = [arrived(2), arrived(3)].reduce(liveFeed, state);
    expect(state.live.map((i) => i.id)).toEqual([1]);
    expect(state.held.map((i) => i.id)).toEqual([2, 3]);
    state = liveFeed(state, { type: 'resume' });
    expect(state).toMatchObject({ paused: false, held: [] });
    expect(state.live.map((i) => i.id)).toEqual([3, 2, 1]);
  });

  it('forgets what it holds and shows when cleared, and stays paused', () => {
    const paused = [arrived(1), { type: 'pause' } as const, arrived(2)].reduce(liveFeed, EMPTY_LIVE_FEED);
    expect(liveFeed(paused, { type: 'clear' })).toEqual({ live: [], held: [], paused: true });
  });
});
