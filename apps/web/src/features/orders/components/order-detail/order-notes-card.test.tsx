// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import english from '../../../../lib/i18n/messages/en.json';
import { answerFetch, refusal } from '../../../../test-support/answering-fetch.ts';
import { renderWithApp } from '../../../../test-support/render.tsx';
import { OrderNotesCard } from './order-notes-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const note = (id: number, text: string, nickname: string) => ({
  id,
  order_id: 9,
  seller_id: 100,
  text,
  author: { user_id: id === 1 ? 100 : 200, nickname },
  created_at: '2026-11-20T13:00:00.000Z',
});

const account = { sellerId: 100, author: { user_id: 200, nickname: 'SOPORTE' } };

describe('OrderNotesCard', () => {
  it('shows each note with its author and time, and adds one', async () => {
    const notes = [note(1, 'Deliver after 6 pm', 'TIENDA')];
    const sent = answerFetch({
      'GET /bff/orders/9/notes': () => ({ notes }),
      'POST /bff/orders/9/notes': (request: { body: { text: string } }) => {
        const written = note(2, request.body.text, 'SOPORTE');
        notes.push(written);
        return written;
      },
    });
    await renderWithApp(<OrderNotesCard orderId={9} account={account} locale="es-AR" />);
    const list = await screen.findByRole('list', { name: 'Team notes' });
    expect(list.textContent).toContain('Deliver after 6 pm');
    expect(list.textContent).toContain('TIENDA');
    expect(list.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T13:00:00.000Z');

    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText(english['orders.orderNotes.writeSomething'])).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Called the buyer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getByTestId('live-region').textContent).toBe('Note added'));
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ text: 'Called the buyer' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[1]!.textContent).toContain('SOPORTE');
    expect((screen.getByLabelText('New note') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the text in the field and says why when the note is refused', async () => {
    answerFetch({
      'GET /bff/orders/9/notes': { notes: [] },
      'POST /bff/orders/9/notes': refusal(403, 'operator_permission_denied'),
    });
    await renderWithApp(<OrderNotesCard orderId={9} account={account} locale="es-AR" />);
    await screen.findByText(english['orders.orderNotes.none']);
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Lost?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(english['error.operator_permission_denied']),
    );
    expect((screen.getByLabelText('New note') as HTMLTextAreaElement).value).toBe('Lost?');
    expect(screen.getByText(english['orders.orderNotes.none'])).toBeTruthy();
  });
});
