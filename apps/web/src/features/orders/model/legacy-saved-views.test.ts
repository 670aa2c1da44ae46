// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetLegacyViews, legacyViews, SAVED_VIEWS_KEY } from './saved-views.ts';

afterEach(() => localStorage.clear());

describe('the views a browser kept before the server kept them', () => {
  it('reads them as the server takes them: trimmed names, no page, broken ones left out', () => {
    localStorage.setItem(
      SAVED_VIEWS_KEY,
      JSON.stringify([
        { id: 'a', name: '  Paid  ', search: { 'order.status': 'paid', offset: '50' } },
        { id: 'b', name: 'Lost', search: { 'order.status': 'lost' } },
        { id: 'c', name: 'With columns', search: {}, columns: ['buyer', 'total'] },
        'not a view',
        { id: 'd', search: {} },
      ]),
    );
    expect(legacyViews()).toEqual([
      { name: 'Paid', search: { 'order.status': 'paid' } },
      { name: 'With columns', search: {}, columns: ['buyer', 'total'] },
    ]);
    forgetLegacyViews();
    expect(localStorage.getItem(SAVED_VIEWS_KEY)).toBeNull();
    expect(legacyViews()).toEqual([]);
  });

  it('reads nothing from a damaged entry', () => {
    localStorage.setItem(SAVED_VIEWS_KEY, '{not json');
    expect(legacyViews()).toEqual([]);
  });
});
