// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import english from '../../../../lib/i18n/messages/en.json';
import { Answer, answerFetch, refusal } from '../../../../test-support/answering-fetch.ts';
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
  it('shows each note with its author and time, and adds one at the top', async () => {
    const notes = [note(1, 'Deliver after 6 pm', 'TIENDA')];
    const sent = answerFetch({
      'GET /bff/orders/9/notes': () => ({ notes, next_before: null }),
      'POST /bff/orders/9/notes': (request: { body: { text: string } }) => {
        const written = note(2, request.body.text, 'SOPORTE');
        notes.unshift(written);
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
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('SOPORTE');
    expect(screen.queryByRole('button', { name: english['orders.orderNotes.showOlder'] })).toBeNull();
    expect((screen.getByLabelText('New note') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the text in the field and says why when the note is refused', async () => {
    answerFetch({
      'GET /bff/orders/9/notes': { notes: [], next_before: null },
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

  it('shows the newest notes first and older ones on demand', async () => {
    const all = Array.from({ length: 25 }, (_, n) => note(25 - n, `Note ${25 - n}`, 'TIENDA'));
    const sent = answerFetch({
      'GET /bff/orders/9/notes': { notes: all.slice(0, 20), next_before: 6 },
      'GET /bff/orders/9/notes?before=6': { notes: all.slice(20), next_before: null },
    });
    await renderWithApp(<OrderNotesCard orderId={9} account={account} locale="es-AR" />);
    const list = await screen.findByRole('list', { name: 'Team notes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Note 25');
    fireEvent.click(screen.getByRole('button', { name: english['orders.orderNotes.showOlder'] }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(within(list).getAllByRole('listitem')[24]!.textContent).toContain('Note 1');
    expect(sent.map((r) => r.url)).toEqual(['/bff/orders/9/notes', '/bff/orders/9/notes?before=6']);
    expect(screen.queryByRole('button', { name: english['orders.orderNotes.showOlder'] })).toBeNull();
  });

  it('says so when the order keeps as many notes as it may', async () => {
    answerFetch({
      'GET /bff/orders/9/notes': { notes: [note(1, 'First', 'TIENDA')], next_before: null },
      'POST /bff/orders/9/notes': new Answer(409, {
        message: 'An order keeps at most 100 notes.',
        error: 'conflict',
        status: 409,
        cause: ['order_notes_full'],
      }),
    });
    await renderWithApp(<OrderNotesCard orderId={9} account={account} locale="es-AR" />);
    await screen.findByRole('list', { name: 'Team notes' });
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'One more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        english['orders.orderNotes.full'].replace('{max}', '100'),
      ),
    );
    expect((screen.getByLabelText('New note') as HTMLTextAreaElement).value).toBe('One more');
  });
});
