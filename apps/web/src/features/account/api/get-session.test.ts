import type { OperatedAccount, Session } from '@mostrador/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sessionKey, switchAccountData, watchSession } from './get-session.ts';

const operator = { user_id: 999000001, nickname: 'SOPORTE_PALERMO', site_id: 'MLA' };
const seller: OperatedAccount = {
  user_id: 100008826,
  nickname: 'TIENDA_PALERMO',
  site_id: 'MLA',
  permissions: ['orders.read'],
};
const own: Session = {
  user: operator,
  accounts: [{ ...operator, active: true }],
  operated_accounts: [seller],
  acting_for: null,
  language: 'es',
};
const actingForSeller: Session = { ...own, acting_for: seller };

describe('the session and the routes that follow it', () => {
  it('loads the routes once when the dashboard switches accounts, and once for a change from elsewhere', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionKey, own);
    // Both stand for the router's invalidation: the watcher's and the switch's own.
    const loads: string[] = [];
    watchSession(queryClient, () => loads.push('watched'));
    queryClient.setQueryData(['orders', 'search'], { results: [] });

    await new Promise((resolve) => setTimeout(resolve, 5));
    await switchAccountData(queryClient, actingForSeller, async () => {
      loads.push('switch');
      // What the routes read as they follow: the new account's.
      queryClient.setQueryData(['orders', 'search', seller.user_id], { results: [{ id: 1 }] });
    });
    expect(loads).toEqual(['switch']);
    expect(queryClient.getQueryData(sessionKey)).toEqual(actingForSeller);
    // What was read for the previous account is gone; what the routes read for the new one stays, not read twice.
    expect(queryClient.getQueryData(['orders', 'search'])).toBeUndefined();
    expect(queryClient.getQueryData(['orders', 'search', seller.user_id])).toEqual({ results: [{ id: 1 }] });

    // A session read again that answers differently (another tab signed out, say) still reloads the routes.
    queryClient.setQueryData(sessionKey, { ...own, user: null, accounts: [] });
    expect(loads).toEqual(['switch', 'watched']);
  });
});
