// @vitest-environment jsdom
import type { Session } from '@mostrador/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test-support/answering-fetch.ts';
import { renderWithApp } from '../../../test-support/render.tsx';
import { AccountMenuPanel } from './account-menu-panel.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TIENDA = { user_id: 100008826, nickname: 'TIENDA_PALERMO', site_id: 'MLA' };
const SESSION: Session = {
  user: TIENDA,
  accounts: [{ ...TIENDA, active: true }],
  operated_accounts: [],
  acting_for: null,
  language: 'en',
};

describe('AccountMenuPanel', () => {
  it('starts "Sign out" at the same left edge as "Add another account" above it', async () => {
    answerFetch({});
    await renderWithApp(
      <AccountMenuPanel id="menu" session={SESSION} returnTo="%2Forders" onDone={() => {}} />,
    );
    const add = await screen.findByRole('link', { name: 'Add another account' });
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    const edge = (element: HTMLElement) =>
      element.className.split(' ').filter((c) => /^(p[xl]?|m[xl]?|-m[xl]?)-/.test(c));
    expect(edge(signOut)).toEqual(edge(add));
    expect(edge(add)).toEqual(['px-2']);
  });
});
