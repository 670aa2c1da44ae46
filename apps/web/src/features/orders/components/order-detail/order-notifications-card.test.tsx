// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../test-support/answering-fetch.ts';
import { renderWithApp } from '../../../../test-support/render.tsx';
import { OrderNotificationsCard } from './order-notifications-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDER = 2000008000012345;
const entry = (id: number, state: 'done' | 'parked') => ({
  id,
  topic: 'orders_v2',
  state,
  changed_at: '2026-11-24T09:00:00.000-03:00',
  arrived_at: '2026-11-24T09:00:01.000-03:00',
  notification_ids: [`n-${id}`],
});

describe('OrderNotificationsCard', () => {
  it('names a set-aside notification as the Notifications page does, and says what it means and what to do', async () => {
    answerFetch({
      [`GET /bff/orders/${ORDER}/notifications`]: { notifications: [entry(1, 'done'), entry(2, 'parked')] },
    });
    await renderWithApp(<OrderNotificationsCard orderId={ORDER} locale="en-US" />);
    const meaning = await screen.findByTestId('set-aside-meaning');
    expect(meaning.textContent).toMatch(/^Set aside: the dashboard could not read the order when it arrived/);
    expect(meaning.textContent).toMatch(/redeliver it from Notifications\.$/);
    expect(screen.getByText(/· Set aside$/)).toBeTruthy();
  });

  it('explains nothing when no notification was set aside', async () => {
    answerFetch({ [`GET /bff/orders/${ORDER}/notifications`]: { notifications: [entry(1, 'done')] } });
    await renderWithApp(<OrderNotificationsCard orderId={ORDER} locale="en-US" />);
    await screen.findByText(/Delivered to the app|· /);
    expect(screen.queryByTestId('set-aside-meaning')).toBeNull();
  });
});
