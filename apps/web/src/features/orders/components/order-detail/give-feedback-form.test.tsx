// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import english from '../../../../lib/i18n/messages/en.json';
import { answerFetch } from '../../../../test-support/answering-fetch.ts';
import { installDialogs, renderWithApp } from '../../../../test-support/render.tsx';
import { GiveFeedbackForm } from './give-feedback-form.tsx';

beforeAll(installDialogs);
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
  it('chooses nothing for the seller, and sends only after a confirmation that shows what goes', async () => {
    const sent = answerFetch({ 'POST /api/orders/9/feedback': GIVEN });
    await renderWithApp(<GiveFeedbackForm orderId={9} isSeller />);
    const fulfilled = screen.getByLabelText('Delivered?') as HTMLSelectElement;
    const rating = screen.getByLabelText('Rating') as HTMLSelectElement;
    expect(fulfilled.value).toBe('');
    expect(rating.value).toBe('');
    // Nothing chosen: the form says what is missing, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Review feedback…' }));
    expect(screen.getByText(english['orders.giveFeedbackForm.chooseFulfilled'])).toBeTruthy();
    expect(screen.getByText(english['orders.giveFeedbackForm.chooseRating'])).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(fulfilled, { target: { value: 'false' } });
    expect((rating.querySelector('option[value="positive"]') as HTMLOptionElement).disabled).toBe(true);
    const reason = screen.getByLabelText('Reason') as HTMLSelectElement;
    expect(reason.value).toBe('OUT_OF_STOCK');
    fireEvent.change(reason, { target: { value: 'BUYER_REGRETS' } });
    fireEvent.change(rating, { target: { value: 'negative' } });
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: '  Se arrepintió ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review feedback…' }));

    const dialog = screen.getByRole('dialog', { name: 'Send this feedback?' });
    expect(dialog.textContent).toContain('No, not fulfilled');
    expect(dialog.textContent).toContain('Negative');
    expect(dialog.textContent).toContain('buyer regrets');
    expect(dialog.textContent).toContain('Se arrepintió');
    expect(dialog.textContent).toContain('cannot be changed or taken back');
    expect(sent).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      fulfilled: false,
      rating: 'negative',
      message: 'Se arrepintió',
      reason: 'BUYER_REGRETS',
    });
    await waitFor(() => expect(screen.getByTestId('live-region').textContent).toBe('Feedback given'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('on an order flagged as fraud starts at "not fulfilled" with the dubious buyer, never positive', async () => {
    answerFetch({});
    await renderWithApp(<GiveFeedbackForm orderId={9} isSeller fraud />);
    expect(screen.getByText(english['orders.giveFeedbackForm.fraudHint'])).toBeTruthy();
    expect((screen.getByLabelText('Delivered?') as HTMLSelectElement).value).toBe('false');
    const rating = screen.getByLabelText('Rating') as HTMLSelectElement;
    expect(rating.value).toBe('');
    expect((rating.querySelector('option[value="positive"]') as HTMLOptionElement).disabled).toBe(true);
    expect((screen.getByLabelText('Reason') as HTMLSelectElement).value).toBe('DUBIOUS_BUYER');
  });

  it('shows why the marketplace refused in the confirmation, and keeps the form', async () => {
    answerFetch({});
    await renderWithApp(<GiveFeedbackForm orderId={9} isSeller={false} />);
    fireEvent.change(screen.getByLabelText('Delivered?'), { target: { value: 'true' } });
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: 'positive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review feedback…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(english['error.not_found']));
    expect(screen.getByRole('dialog', { name: 'Send this feedback?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review feedback…' })).toBeTruthy();
  });
});
