// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import english from '../../../../lib/i18n/messages/en.json';
import { renderInEnglish } from '../../../../test-support/render.tsx';
import { LiveRegionProvider } from '../../../../ui/live-region.tsx';
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
    fireEvent.click(screen.getByRole('radio', { name: 'Asking questions on my items' }));
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
});
