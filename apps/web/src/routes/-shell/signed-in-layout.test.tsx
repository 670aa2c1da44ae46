// @vitest-environment jsdom
import type { Session } from '@mostrador/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../features/account/api/get-session.ts';
import { createAppRouter } from '../../router.tsx';
import { answerFetch, type SentRequest } from '../../test-support/answering-fetch.ts';
import { renderInEnglish, testQueryClient } from '../../test-support/render.tsx';
import { LiveRegionProvider } from '../../ui/live-region.tsx';

/** The live indicator connects an EventSource once someone is signed in: jsdom has none. */
class SilentSource {
  readyState = 0;
  onopen = null;
  onerror = null;
  addEventListener() {}
  close() {}
}

beforeEach(() => {
  vi.stubGlobal('EventSource', SilentSource);
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TIENDA = { user_id: 100008826, nickname: 'TIENDA_PALERMO', site_id: 'MLA' };
const SOPORTE = { user_id: 999000001, nickname: 'SOPORTE_PALERMO', site_id: 'MLA' };
const SIGNED_OUT: Session = { user: null, accounts: [], language: 'en' };
const signedIn = (user: typeof TIENDA, over: Partial<Session> = {}): Session => ({
  user,
  accounts: [{ ...user, active: true }],
  operated_accounts: [],
  acting_for: null,
  language: 'en',
  ...over,
});
const FOR_TIENDA = {
  ...TIENDA,
  permissions: ['orders.read' as const, 'blocklists.manage' as const],
};
const EMPTY_BLOCKS = { users: [], paging: { total: 0, offset: 0, limit: 20 } };

/** The whole app at `path`, its session answered by `session`, every other read by `table`. */
async function openApp(path: string, session: Session, table: Record<string, unknown> = {}) {
  const sent = answerFetch({
    'GET /bff/session': () => session,
    'GET /bff/simulator': { available: false, running: false, rate: null },
    ...table,
  });
  const queryClient = testQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  await act(() => router.load());
  renderInEnglish(
    <QueryClientProvider client={queryClient}>
      <LiveRegionProvider>
        <RouterProvider router={router} />
      </LiveRegionProvider>
    </QueryClientProvider>,
  );
  return { sent, router, queryClient };
}

const paths = (sent: SentRequest[]) => [
  ...new Set(sent.map((request) => new URL(request.url, 'http://app').pathname)),
];

describe('the signed-in layout', () => {
  it('signed out, keeps the address and shows the page’s own sign-in gate, asking nothing but the session', async () => {
    const { sent, router } = await openApp('/team', SIGNED_OUT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign in to see your team' })).toBeTruthy();
    expect(screen.getByText('Who works on your account, and who read whose personal data.')).toBeTruthy();
    // The way in comes back to this page.
    const signIn = new URL(
      screen.getByRole('link', { name: 'Sign in with the marketplace' }).getAttribute('href')!,
      'http://app',
    );
    expect(signIn.pathname).toBe('/bff/login');
    expect(new URL(signIn.searchParams.get('return_to')!, 'http://app').pathname).toBe('/team');
    expect(router.state.location.pathname).toBe('/team');
    expect(paths(sent)).toEqual(['/bff/session']);
  });

  it('gives the pages the account the session works on: a team member acting for a seller', async () => {
    const session = signedIn(SOPORTE, { operated_accounts: [FOR_TIENDA], acting_for: FOR_TIENDA });
    const { sent } = await openApp('/blocked-buyers', session, {
      'GET /api/block-api/search/users/100008826': EMPTY_BLOCKS,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Blocked buyers' })).toBeTruthy();
    const search = sent.find((request) => request.url.includes('/block-api/search/users/'));
    // The seller's blocklist, read with the team member's own access.
    expect(search?.url).toContain('/api/block-api/search/users/100008826?');
    expect(new URL(search!.url, 'http://x').searchParams.get('caller.id')).toBe('999000001');
    expect(paths(sent).filter((path) => path.includes('999000001'))).toEqual([]);
  });

  it('lets a page refuse what the account may not do, without asking the marketplace', async () => {
    const session = signedIn(SOPORTE, { operated_accounts: [FOR_TIENDA], acting_for: FOR_TIENDA });
    const { sent } = await openApp('/team', session);
    expect(
      await screen.findByRole('heading', { name: 'Only the account owner can use this page' }),
    ).toBeTruthy();
    expect(paths(sent).some((path) => path.includes('/operators'))).toBe(false);
  });

  it('follows the session: another account worked on reloads the page for it, signing out shows the gate', async () => {
    const { sent, queryClient } = await openApp(
      '/blocked-buyers',
      signedIn(SOPORTE, { operated_accounts: [FOR_TIENDA] }),
      {
        'GET /api/block-api/search/users/999000001': EMPTY_BLOCKS,
        'GET /api/block-api/search/users/100008826': EMPTY_BLOCKS,
      },
    );
    await screen.findByText(/Buyers who cannot buy from SOPORTE_PALERMO/);

    // What the account menu's "Work on" does once the BFF answers: the session now names the seller.
    act(() =>
      queryClient.setQueryData(
        sessionKey,
        signedIn(SOPORTE, { operated_accounts: [FOR_TIENDA], acting_for: FOR_TIENDA }),
      ),
    );
    await screen.findByText(/Buyers who cannot buy from TIENDA_PALERMO/);
    expect(sent.some((request) => request.url.startsWith('/api/block-api/search/users/100008826?'))).toBe(
      true,
    );

    act(() => queryClient.setQueryData(sessionKey, SIGNED_OUT));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Sign in to see the buyers you blocked' })).toBeTruthy(),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Blocked buyers' })).toBeTruthy();
  });

  it('leaves the public sign-in page alone: it shows without an account, and no gate', async () => {
    await openApp('/sign-in', SIGNED_OUT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Mostrador' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Sign in to see/ })).toBeNull();
  });
});
