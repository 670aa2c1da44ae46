// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../test-support/answering-fetch.ts';
import { renderInEnglish, testQueryClient } from '../../../../test-support/render.tsx';
import { LiveRegionProvider } from '../../../../ui/live-region.tsx';
import { BlockBuyerDialog, type BlockBuyerDialogProps } from './block-buyer-dialog.tsx';

beforeAll(() => {
  // jsdom has no modal dialogs: open and close are enough for a form inside one.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const note = (buyerId: number, list: string) => ({
  seller_id: 100,
  buyer_id: buyerId,
  list,
  reason: 'non_payment',
  note: '',
  updated_by: { user_id: 100, nickname: 'TIENDA' },
  updated_at: '2026-11-23T10:00:00.000Z',
});

/** The marketplace and the BFF as they answer blocks, notes and unblocks of any buyer on either list. */
function answerBlocks() {
  return answerFetch({
    'POST /api/users/100/order_blacklist': (r: { body: { user_id: number } }) => ({
      user: { id: r.body.user_id, blocked: true },
    }),
    'POST /api/users/100/questions_blacklist': (r: { body: { user_id: number } }) => ({
      user: { id: r.body.user_id, blocked: true },
    }),
    'PUT /bff/block-notes/order/7': note(7, 'order'),
    'PUT /bff/block-notes/order/8': note(8, 'order'),
    'PUT /bff/block-notes/order/9': note(9, 'order'),
    'PUT /bff/block-notes/questions/7': note(7, 'questions'),
    'DELETE /api/users/100/order_blacklist/7': { user: { id: 7, blocked: false } },
    'DELETE /api/users/100/order_blacklist/8': { user: { id: 8, blocked: false } },
    'DELETE /api/users/100/order_blacklist/9': { user: { id: 9, blocked: false } },
  });
}

function renderDialog(props: Partial<BlockBuyerDialogProps>) {
  const client = testQueryClient();
  const all: BlockBuyerDialogProps = {
    open: true,
    onClose: () => {},
    seller: { id: 100, siteId: 'MLA' },
    defaultList: 'order',
    onBlocked: () => {},
    ...props,
  };
  const view = renderInEnglish(
    <QueryClientProvider client={client}>
      <LiveRegionProvider>
        <BlockBuyerDialog {...all} />
      </LiveRegionProvider>
    </QueryClientProvider>,
  );
  return {
    /** Draws the dialog again as its owner would, with other props. */
    rerender: (next: Partial<BlockBuyerDialogProps>) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <LiveRegionProvider>
            <BlockBuyerDialog {...all} {...next} />
          </LiveRegionProvider>
        </QueryClientProvider>,
      ),
  };
}

const BUYERS = [
  { id: 7, nickname: 'COMPRADOR_X' },
  { id: 8, nickname: 'COMPRADOR_Y' },
  { id: 9, nickname: 'COMPRADOR_Z' },
];

describe('blocking the buyers of selected orders', () => {
  it('says how many were blocked once the selection is let go, with an undo that unblocks them', async () => {
    const sent = answerBlocks();
    const onBlocked = vi.fn();
    const { rerender } = renderDialog({ buyers: BUYERS, onBlocked });
    const dialog = screen.getByRole('dialog', { name: 'Block 3 buyers?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block 3 buyers' }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalled());
    // The list lets go of its selection and closes the dialog: no buyers are picked any more.
    rerender({ open: false, buyers: [] });

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('3 buyers blocked from buying');
    const undo = within(toast).getByRole('button', { name: 'Undo' });
    await act(async () => fireEvent.click(undo));
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual([
      '/api/users/100/order_blacklist/7',
      '/api/users/100/order_blacklist/8',
      '/api/users/100/order_blacklist/9',
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('live-region').textContent).toBe('3 buyers unblocked again'),
    );
  });
});

describe('blocking from both lists at once', () => {
  it('blocks one buyer from buying and from asking in a single pass, and says both', async () => {
    const sent = answerBlocks();
    const onBlocked = vi.fn();
    renderDialog({ buyer: BUYERS[0], onBlocked });
    const dialog = screen.getByRole('dialog', { name: 'Block COMPRADOR_X?' });
    const buying = within(dialog).getByRole('checkbox', { name: 'Buying on my items' });
    const asking = within(dialog).getByRole('checkbox', { name: 'Asking questions on my items' });
    expect((buying as HTMLInputElement).checked).toBe(true);
    expect((asking as HTMLInputElement).checked).toBe(false);
    fireEvent.click(asking);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalled());
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.url)).toEqual([
      '/api/users/100/order_blacklist',
      '/api/users/100/questions_blacklist',
    ]);
    expect(onBlocked.mock.calls[0]![1]).toEqual(['order', 'questions']);
  });

  it('asks for at least one list, and blocks nothing without one', async () => {
    const sent = answerBlocks();
    renderDialog({ buyer: BUYERS[0] });
    const dialog = screen.getByRole('dialog', { name: 'Block COMPRADOR_X?' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Buying on my items' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(within(dialog).getByText('Choose what to block the buyer from.')).toBeTruthy(),
    );
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
  });
});
