// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test-support/render.tsx';
import type { FeedItem } from '../../model/feed-items.ts';
import { EntryDetail } from './entry-detail.tsx';

afterEach(cleanup);

const SET_ASIDE: FeedItem = {
  id: 41,
  topic: 'orders_v2',
  resource: '/orders/2000008000012345',
  order_id: 2000008000012345,
  state: 'parked',
  park_reason: 'no_stored_token',
  tries: 1,
  changed_at: '2026-11-24T09:00:00.000-03:00',
  arrived_at: '2026-11-24T09:00:01.000-03:00',
  finished_at: '2026-11-24T09:00:02.000-03:00',
  notification_ids: ['n-1'],
  redelivery: false,
  order: null,
};

describe('EntryDetail', () => {
  it('names a set-aside notification as the order page does, and says what it means and what to do', async () => {
    await renderWithApp(
      <EntryDetail item={SET_ASIDE} applicationId={1} ownsApplication={false} canRedeliver={true} />,
    );
    expect(await screen.findAllByText('Set aside')).toHaveLength(2);
    expect(screen.queryByText(/Parked/)).toBeNull();
    expect(screen.getByTestId('set-aside-meaning').textContent).toMatch(
      /could not read the order when this arrived, and will not try again by itself.*Redeliver sends this again/,
    );
  });

  it('says nothing of setting aside for a notification shown to the dashboard', async () => {
    await renderWithApp(
      <EntryDetail
        item={{ ...SET_ASIDE, state: 'done', park_reason: null }}
        applicationId={1}
        ownsApplication={false}
        canRedeliver={false}
      />,
    );
    expect(await screen.findAllByText('Received')).not.toHaveLength(0);
    expect(screen.queryByTestId('set-aside-meaning')).toBeNull();
  });
});
