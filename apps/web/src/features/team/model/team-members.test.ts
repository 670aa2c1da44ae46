import { describe, expect, it } from 'vitest';
import { operatorAddRequest, togglePermission } from './team-members.ts';

describe('togglePermission', () => {
  it('adds a permission in the contract’s order, once', () => {
    expect(togglePermission(['blocklists.manage'], 'orders.read', true)).toEqual([
      'orders.read',
      'blocklists.manage',
    ]);
    expect(togglePermission(['orders.read'], 'orders.read', true)).toEqual(['orders.read']);
  });

  it('takes one away and leaves the others', () => {
    expect(togglePermission(['orders.read', 'feedback.reply'], 'orders.read', false)).toEqual([
      'feedback.reply',
    ]);
  });
});

describe('operatorAddRequest', () => {
  it('reads digits as a user id and anything else as a nickname', () => {
    expect(operatorAddRequest(' 100012345 ', ['orders.read'])).toEqual({
      user_id: 100012345,
      permissions: ['orders.read'],
    });
    expect(operatorAddRequest('SOPORTE_PALERMO', [])).toEqual({
      nickname: 'SOPORTE_PALERMO',
      permissions: [],
    });
  });

  it('is nobody when nothing was typed', () => {
    expect(operatorAddRequest('   ', ['orders.read'])).toBeNull();
  });
});
