// @vitest-environment jsdom
import type { SavedView } from '@mostrador/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../../../../lib/api-client.ts';
import { renderInEnglish } from '../../../../test-support/render.tsx';
import { SavedViews } from './saved-views.tsx';

afterEach(cleanup);

const view: SavedView = {
  id: '8f1d6f0e-4c1a-4c55-9a7e-0d3c2b1a0f99',
  name: 'Paid, to ship',
  search: { 'order.status': 'paid' },
  columns: null,
  updated_by: { user_id: 100, nickname: 'SOPORTE_PALERMO' },
  updated_at: '2026-11-20T10:00:00.000Z',
};

function open(onSave: (name: string) => Promise<unknown>, views: SavedView[] = [view]) {
  const onOpen = vi.fn();
  const onDelete = vi.fn();
  renderInEnglish(
    <SavedViews views={views} current={undefined} onOpen={onOpen} onSave={onSave} onDelete={onDelete} />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Views' }));
  return { onOpen, onDelete };
}

describe('SavedViews', () => {
  it('lists the team’s views with who saved them, and says they are shared', () => {
    const { onOpen } = open(async () => {});
    const item = screen.getByRole('button', { name: /^Paid, to ship/ });
    expect(item.textContent).toContain('Saved by SOPORTE_PALERMO');
    expect(screen.getByText('Kept for this account and shared with everyone working on it.')).toBeTruthy();
    fireEvent.click(item);
    expect(onOpen).toHaveBeenCalledWith(view);
  });

  it('keeps the name and says what to do when the account is full', async () => {
    open(() => Promise.reject(new ApiClientError(409, 'conflict', 'full')));
    const input = screen.getByRole('textbox', { name: 'View name' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'One more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This account already keeps 50 views. Delete one to save another.',
    );
    expect(input.value).toBe('One more');
  });

  it('clears the name once the view is saved', async () => {
    const onSave = vi.fn(async () => {});
    open(onSave, []);
    expect(screen.getByText('No saved views yet. Name the current filters to keep them.')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'View name' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Fraud' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input.value).toBe(''));
    expect(onSave).toHaveBeenCalledWith('Fraud');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
