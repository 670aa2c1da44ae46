import { describe, expect, it } from 'vitest';
import { can, workingAccount } from './working-account.ts';

const user = { user_id: 7, nickname: 'SOPORTE', site_id: 'MLA' };
const seller = { user_id: 9, nickname: 'TIENDA', site_id: 'MLA', permissions: ['orders.read' as const] };

describe('the working account', () => {
  it('is the user’s own, with every permission, until it acts for a seller', () => {
    expect(workingAccount(undefined)).toBeNull();
    expect(workingAccount({ user: null, accounts: [], language: 'es' })).toBeNull();
    const own = workingAccount({
      user,
      accounts: [],
      operated_accounts: [seller],
      acting_for: null,
      language: 'es',
    });
    expect(own).toEqual({ ...user, permissions: null, callerId: 7 });
    expect(can(own, 'blocklists.manage')).toBe(true);
  });

  it('is the seller it acts for, with only the permissions given', () => {
    const acting = workingAccount({
      user,
      accounts: [],
      operated_accounts: [seller],
      acting_for: seller,
      language: 'es',
    });
    expect(acting).toMatchObject({ user_id: 9, nickname: 'TIENDA', callerId: 7 });
    expect(can(acting, 'orders.read')).toBe(true);
    expect(can(acting, 'blocklists.manage')).toBe(false);
    expect(can(null, 'orders.read')).toBe(false);
  });
});
