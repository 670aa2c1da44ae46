import { describe, expect, it } from 'vitest';
import { lookupView } from './item-lookup.ts';

describe('lookupView', () => {
  it('reads an item id, and a catalog product when one is typed, from the first page', () => {
    expect(lookupView('MLA800031687', '')).toEqual({
      view: { item: 'MLA800031687', catalog: undefined, offset: 0 },
    });
    expect(lookupView('MLA800031687', 'MLA46792131')).toEqual({
      view: { item: 'MLA800031687', catalog: 'MLA46792131', offset: 0 },
    });
  });

  it('says which of the two is not an id', () => {
    expect(lookupView('zapatillas', '')).toEqual({ problems: { item: true, catalog: false } });
    expect(lookupView('MLA800031687', 'catalog 7')).toEqual({ problems: { item: false, catalog: true } });
    expect(lookupView('', 'x')).toEqual({ problems: { item: true, catalog: true } });
  });
});
