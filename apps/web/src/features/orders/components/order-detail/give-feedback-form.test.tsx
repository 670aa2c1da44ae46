// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import english from '../../../../lib/i18n/messages/en.json';
import { answerFetch } from '../../../../test-support/answering-fetch.ts';
import { renderWithApp } from '../../../../test-support/render.tsx';
import { GiveFeedbackForm } from './give-feedback-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GIVEN = {
  id: 55,
  date_created: '2026-11-20T10:00:00.000-03:00',
  fulfilled: false,
  rating: 'negative',
  reason: 'BUYER_REGRETS',
  message: 'Se arrepintió',
  status: 'active',
  reply: null,
  reply_date: null,
};

describe('GiveFeedbackForm', () => {
  it('for an order not fulfilled: no positive rating, a reason of the seller’s list, and the message sent', async () => {
    const sent = answerFetch({ 'POST /api/orders/9/feedback': GIVEN });
    await renderWithApp(<GiveFeedbackForm orderId={9} isSeller />);
    const rating = screen.getByLabelText('Rating') as HTMLSelectElement;
    expect(screen.queryByLabelText('Reason')).toBeNull();

    fireEvent.change(screen.getByLabelText('Delivered?'), { target: { value: 'false' } });
    expect(rating.value).toBe('neutral');
    expect((rating.querySelector('option[value="positive"]') as HTMLOptionElement).disabled).toBe(true);
    const reason = screen.getByLabelText('Reason') as HTMLSelectElement;
    expect(reason.value).toBe('OUT_OF_STOCK');
    fireEvent.change(reason, { target: { value: 'BUYER_REGRETS' } });
    fireEvent.change(rating, { target: { value: 'negative' } });
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: '  Se arrepintió ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Give feedback' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      fulfilled: false,
      rating: 'negative',
      message: 'Se arrepintió',
      reason: 'BUYER_REGRETS',
    });
    await waitFor(() => expect(screen.getByTestId('live-region').textContent).toBe('Feedback given'));
  });

  it('shows why the marketplace refused, and keeps the form', async () => {
    answerFetch({});
    await renderWithApp(<GiveFeedbackForm orderId={9} isSeller={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Give feedback' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(english['error.not_found']));
    expect(screen.getByRole('button', { name: 'Give feedback' })).toBeTruthy();
  });
});
