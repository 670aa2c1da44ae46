// @vitest-environment jsdom
import type { LiveEvent, NotificationFeed } from '@mostrador/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveEvents } from '../../../../lib/live-events.ts';
import { answerFetch } from '../../../../test-support/answering-fetch.ts';
import { renderWithApp } from '../../../../test-support/render.tsx';
import { NotificationsWorkspace } from './notifications-workspace.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = 100008826;

/** The browser's EventSource as far as LiveEvents uses it: the test sends the stream's messages through it. */
class StreamSource {
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, (message: MessageEvent<string>) => void>();
  addEventListener(name: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  send(event: LiveEvent) {
    this.listeners.get(event.type)?.(
      new MessageEvent(event.type, { data: JSON.stringify(event), lastEventId: String(event.event_id) }),
    );
  }
}

function stream() {
  const sources: StreamSource[] = [];
  const events = new LiveEvents({
    createSource: () => {
      const source = new StreamSource();
      sources.push(source);
      return source as unknown as EventSource;
    },
  });
  events.connect(USER);
  act(() => sources[0]!.open());
  return { events, send: (event: LiveEvent) => act(() => sources[0]!.send(event)) };
}

let next = 0;
/** An `order_changed` event of the stream, for its own queue entry. */
function changed(orderId: number): LiveEvent {
  next += 1;
  return {
    type: 'order_changed',
    event_id: next,
    user_id: USER,
    topic: 'orders_v2',
    resource: `/orders/${orderId}`,
    notification_ids: [`n-${next}`],
    queue_id: 100 + next,
    changed_at: '2026-11-24T09:00:00.000-03:00',
    published_at: '2026-11-24T09:00:01.000-03:00',
    order: {
      id: orderId,
      status: 'paid',
      status_detail: null,
      date_created: '2026-11-24T08:00:00.000-03:00',
      date_closed: null,
      last_updated: '2026-11-24T09:00:00.000-03:00',
      total_amount: 100,
      paid_amount: 100,
      currency_id: 'ARS',
      tags: ['paid'],
      buyer: { id: 7, nickname: 'COMPRADOR_X' },
      seller: { id: USER },
      items: [],
    },
  };
}

const EMPTY_FEED: NotificationFeed = { notifications: [], next_before: null };

async function renderFeed(ownsApplication = true) {
  const sent = answerFetch({
    'GET /bff/notifications': EMPTY_FEED,
    'GET /bff/simulator': { available: true, running: false, rate: null },
    'GET /api/myfeeds': {
      app_id: 1,
      notifications_active: true,
      messages: [],
      paging: { total: 0, offset: 0, limit: 1 },
    },
  });
  const live = stream();
  await renderWithApp(
    <NotificationsWorkspace
      userId={USER}
      applicationId={1}
      ownsApplication={ownsApplication}
      view={{}}
      onViewChange={() => {}}
      events={live.events}
    />,
  );
  await screen.findByRole('heading', { name: 'No notifications yet' });
  const entries = () =>
    within(screen.getByTestId('feed-list'))
      .getAllByTestId('feed-entry')
      .map((entry) => entry.textContent?.match(/Order (\d+)/)?.[1]);
  return { ...live, entries, sent };
}

describe('NotificationsWorkspace', () => {
  it('puts each change from the stream on top as it arrives', async () => {
    const { send, entries } = await renderFeed();
    expect(screen.getByTestId('feed-status').textContent).toContain('Live');
    send(changed(2000000001));
    send(changed(2000000002));
    expect(entries()).toEqual(['2000000002', '2000000001']);
  });

  it('while paused counts what arrives without moving the list, and shows it on top on resume', async () => {
    const { send, entries } = await renderFeed();
    send(changed(2000000001));
    const pause = screen.getByTestId('feed-pause');
    fireEvent.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('feed-status').textContent).toContain('Paused');
    send(changed(2000000002));
    send(changed(2000000003));
    expect(entries()).toEqual(['2000000001']);
    expect(screen.getByTestId('feed-new-count').textContent).toBe('2');

    fireEvent.click(pause);
    expect(entries()).toEqual(['2000000003', '2000000002', '2000000001']);
    expect(screen.queryByTestId('feed-new-count')).toBeNull();
    // Paused and resumed in the same moment, both are read (announcements made together are read together), the
    // resumption last.
    await waitFor(() =>
      expect(screen.getByTestId('live-region').textContent).toMatch(/Feed resumed, 2 new shown\.?$/),
    );
  });

  it('asks for the feed’s status and delivery history as the application’s owner only', async () => {
    const owner = await renderFeed(true);
    owner.send(changed(2000000001));
    fireEvent.click(within(screen.getByTestId('feed-list')).getByTestId('feed-entry'));
    await waitFor(() => expect(owner.sent.some((r) => r.url.includes('offset=0&limit=100'))).toBe(true));
    expect(owner.sent.some((r) => r.url.includes('/api/myfeeds?app_id=1&offset=0&limit=1'))).toBe(true);
    cleanup();

    const other = await renderFeed(false);
    other.send(changed(2000000002));
    fireEvent.click(within(screen.getByTestId('feed-list')).getByTestId('feed-entry'));
    expect(screen.getByTestId('attempts-owner-only').textContent).toBe(
      'The delivery history is shown to the application’s owner only.',
    );
    expect(screen.queryByTestId('deactivated-banner')).toBeNull();
    expect(other.sent.filter((r) => r.url.startsWith('/api/myfeeds'))).toEqual([]);
  });

  it('leaves out what another topic is about when the feed is filtered', async () => {
    answerFetch({
      'GET /bff/notifications': EMPTY_FEED,
      'GET /bff/simulator': { available: false, running: false, rate: null },
    });
    const live = stream();
    await renderWithApp(
      <NotificationsWorkspace
        userId={USER}
        applicationId={1}
        ownsApplication
        view={{ topic: 'orders_feedback' }}
        onViewChange={() => {}}
        events={live.events}
      />,
    );
    await screen.findByRole('heading', { name: 'No notifications yet' });
    live.send(changed(2000000001));
    expect(screen.queryByTestId('feed-list')).toBeNull();
    live.send({ ...changed(2000000002), topic: 'orders_feedback' });
    expect(within(screen.getByTestId('feed-list')).getAllByTestId('feed-entry')).toHaveLength(1);
  });
});
