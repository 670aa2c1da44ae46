import { describe, expect, it } from 'vitest';
import type { OrderReadRow } from '../order-repository.ts';
import { createAnswerCache } from './answer-cache.ts';
import { createOrderCache } from './order-documents.ts';

const kept = (cache: { get(key: string, count: number): string | undefined }, keys: string[]) =>
  keys.filter((key) => cache.get(key, 1) !== undefined);

describe('answer cache', () => {
  it('serves an answer only at the change count it was found at', () => {
    const cache = createAnswerCache<string>({ entries: 4 });
    cache.set('a', 1, 'A');
    expect(cache.get('a', 1)).toBe('A');
    expect(cache.get('a', 2)).toBeUndefined();
  });

  it('keeps at most its entries, the least recently used going first', () => {
    const cache = createAnswerCache<string>({ entries: 4 });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, 1, key);
    // `a`, the oldest, is found again: it moves to the newest end, and `b` is the oldest now.
    expect(cache.get('a', 1)).toBe('a');
    cache.set('e', 1, 'e');
    expect(kept(cache, ['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'c', 'd', 'e']);
  });

  it('keeps an answer found again and again while answers nobody asks for go', () => {
    const cache = createAnswerCache<string>({ entries: 4 });
    cache.set('hot', 1, 'hot');
    for (let i = 0; i < 100; i++) {
      cache.set(`cold ${i}`, 1, 'cold');
      expect(cache.get('hot', 1), `after ${i + 1} others`).toBe('hot');
    }
    expect(kept(cache, ['cold 96', 'cold 97', 'cold 98', 'cold 99']).length).toBeGreaterThanOrEqual(2);
    expect(cache.get('cold 0', 1)).toBeUndefined();
  });

  it('keeps at most its bytes', () => {
    const cache = createAnswerCache<string>({ entries: 100, bytes: 10, sizeOf: (v) => v.length });
    cache.set('a', 1, 'xxxx');
    cache.set('b', 1, 'xxxx');
    cache.set('c', 1, 'xxxx');
    expect(kept(cache, ['a', 'b', 'c'])).toEqual(['b', 'c']);
    cache.set('big', 1, 'x'.repeat(11));
    expect(cache.get('big', 1)).toBeUndefined();
  });
});

describe('order cache', () => {
  const row = (id: number, version = 1) =>
    ({
      id,
      version,
      doc: Buffer.alloc(100),
      payments_full: Buffer.alloc(0),
      payments_short: Buffer.alloc(0),
      feedback_doc: Buffer.alloc(0),
      mediations_doc: Buffer.alloc(0),
    }) as unknown as OrderReadRow;

  it('serves a row at its version, and without asking while nothing was committed', () => {
    const cache = createOrderCache(10_000);
    cache.put(row(1, 3), 7);
    expect(cache.get(1, 3)).toBeDefined();
    expect(cache.get(1, 4)).toBeUndefined();
    expect(cache.unchangedSince(1, 7)).toBeDefined();
    expect(cache.unchangedSince(1, 8)).toBeUndefined();
  });

  it('keeps an order read again and again within its bytes while others go', () => {
    // Each row counts 300 bytes: three fit.
    const cache = createOrderCache(900);
    cache.put(row(1), 1);
    for (let id = 2; id < 50; id++) {
      cache.put(row(id), 1);
      expect(cache.unchangedSince(1, 1), `after order ${id}`).toBeDefined();
      expect(cache.size).toBeLessThanOrEqual(3);
    }
    expect(cache.unchangedSince(2, 1)).toBeUndefined();
    expect(cache.unchangedSince(49, 1)).toBeDefined();
  });
});
