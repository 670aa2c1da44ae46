import { describe, expect, it } from 'vitest';
import { fromBlock, pack, toBlock, unpack } from './row-block.ts';

describe('row blocks', () => {
  it('give back the rows they were made of, lists empty or not', () => {
    const rows = [
      { id: 1, name: 'Cámara', price: 10.5, note: null, doc: new Uint8Array([123, 125]) },
      { id: 2, name: 'Lente', price: 3, note: 'x', doc: new Uint8Array([91, 93]) },
    ];
    const block = toBlock(rows);
    expect(block.columns).toEqual(['id', 'name', 'price', 'note', 'doc']);
    expect(fromBlock(block)).toEqual(rows);
    expect(fromBlock(toBlock([]))).toEqual([]);
    const lists = { users: rows, none: [] as object[], one: [{ a: 1 }] };
    const packed = pack(lists);
    // What crosses threads is lists of values, not objects.
    expect(packed.users.values).toHaveLength(10);
    expect(unpack(structuredClone(packed))).toEqual(lists);
  });
});
