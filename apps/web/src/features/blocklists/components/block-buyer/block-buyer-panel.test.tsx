// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import english from '../../../../lib/i18n/messages/en.json';
import { renderInEnglish } from '../../../../test-support/render.tsx';
import { LiveRegionProvider } from '../../../../ui/live-region.tsx';
import { BlockBuyerDialog } from './block-buyer-dialog.tsx';
import { BlockBuyerPanel } from './block-buyer-panel.tsx';

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

type Sent = { method: string; url: string; body: unknown };

function server(answers: Record<string, { status: number; body: unknown }>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${url}`] ?? { status: 404, body: { error: 'not_found' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

function renderPanel() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  renderInEnglish(
    <QueryClientProvider client={client}>
      <LiveRegionProvider>
        <BlockBuyerPanel seller={{ id: 100, siteId: 'MLA' }} buyer={{ id: 7, nickname: 'COMPRADOR_X' }} />
      </LiveRegionProvider>
    </QueryClientProvider>,
  );
}

describe('BlockBuyerPanel', () => {
  it('blocks the page’s buyer from the chosen list and keeps the reason and note for the team', async () => {
    const sent = server({
      'POST /api/users/100/questions_blacklist': { status: 200, body: { user: { id: 7, blocked: true } } },
      'PUT /bff/block-notes/questions/7': {
        status: 200,
        body: {
          seller_id: 100,
          buyer_id: 7,
          list: 'questions',
          reason: 'abusive_messages',
          note: 'Insults',
          updated_by: { user_id: 100, nickname: 'TIENDA' },
          updated_at: '2026-11-23T10:00:00.000Z',
        },
      },
    });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Block buyer…' }));
    const dialog = screen.getByRole('dialog', { name: 'Block COMPRADOR_X?' });
    expect(dialog.querySelector('input[name="buyer"]')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Buying on my items' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Asking questions on my items' }));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'abusive_messages' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Insults' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(screen.getByText('COMPRADOR_X is blocked from asking questions on your items.')).toBeTruthy(),
    );
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/users/100/questions_blacklist',
      'PUT /bff/block-notes/questions/7',
    ]);
    expect(sent[0]!.body).toEqual({ user_id: 7 });
    expect(sent[1]!.body).toEqual({ reason: 'abusive_messages', note: 'Insults' });
  });

  it('says so when the marketplace refuses, and blocks nothing more', async () => {
    const sent = server({
      'POST /api/users/100/order_blacklist': {
        status: 403,
        body: { message: 'no', error: 'operator_permission_denied', status: 403, cause: [] },
      },
    });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Block buyer…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(english['error.operator_permission_denied']),
    );
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/users/100/order_blacklist']);
    expect(screen.queryByText(/is blocked from/)).toBeNull();
  });

  it('is the Blocked buyers page’s dialog: the same lists, reasons and note', async () => {
    server({});
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Block buyer…' }));
    const fromOrder = screen.getByRole('dialog', { name: 'Block COMPRADOR_X?' });
    const fields = (dialog: HTMLElement) => ({
      lists: [...dialog.querySelectorAll('input[name="lists"]')].map((r) => r.closest('label')?.textContent),
      reasons: [...dialog.querySelectorAll('select[name="reason"] option')].map((o) => o.textContent),
      note: dialog.querySelector('textarea[name="note"]') !== null,
    });
    const onOrderPage = fields(fromOrder);
    cleanup();
    renderInEnglish(
      <QueryClientProvider client={new QueryClient()}>
        <BlockBuyerDialog
          open
          onClose={() => {}}
          seller={{ id: 100, siteId: 'MLA' }}
          defaultList="order"
          onBlocked={() => {}}
        />
      </QueryClientProvider>,
    );
    const onBlockedBuyersPage = fields(screen.getByRole('dialog', { name: 'Block a buyer' }));
    expect(onOrderPage).toEqual(onBlockedBuyersPage);
    expect(onOrderPage.lists).toHaveLength(2);
    expect(onOrderPage.reasons.length).toBeGreaterThanOrEqual(5);
    expect(onOrderPage.note).toBe(true);
  });

  it('blocks several buyers in one confirmation listing them, and names any the marketplace refused', async () => {
    const sent = server({
      'POST /api/users/100/order_blacklist': { status: 200, body: { user: { id: 7, blocked: true } } },
      'PUT /bff/block-notes/order/7': {
        status: 200,
        body: {
          seller_id: 100,
          buyer_id: 7,
          list: 'order',
          reason: 'non_payment',
          note: '',
          updated_by: { user_id: 100, nickname: 'TIENDA' },
          updated_at: '2026-11-23T10:00:00.000Z',
        },
      },
    });
    const onBlocked = vi.fn();
    renderInEnglish(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <BlockBuyerDialog
          open
          onClose={() => {}}
          seller={{ id: 100, siteId: 'MLA' }}
          defaultList="order"
          buyers={[
            { id: 7, nickname: 'COMPRADOR_X' },
            { id: 8, nickname: 'COMPRADOR_Y' },
          ]}
          onBlocked={onBlocked}
        />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Block 2 buyers?' });
    expect(
      [...within(dialog).getByRole('list', { name: 'Buyers to block' }).querySelectorAll('li')].map(
        (li) => li.textContent,
      ),
    ).toEqual(['COMPRADOR_X', 'COMPRADOR_Y']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block 2 buyers' }));
    // Both were tried; the answer table blocks buyer 7 alone (the same URL answers for 8, with 7's body), so the
    // note of 8 is refused with 404 and named.
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('COMPRADOR_Y'));
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([
      { user_id: 7 },
      { user_id: 8 },
    ]);
    expect(within(dialog).getByRole('alert').textContent).toContain('1 of 2 blocked');
    expect(onBlocked).not.toHaveBeenCalled();
  });
});
