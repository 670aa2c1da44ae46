import { describe, expect, it } from 'vitest';
import { Remembered } from './remembered.ts';

describe('Remembered', () => {
  it('answers a text asked again from memory, an undefined answer too, and starts again once full', () => {
    const made: string[] = [];
    const make = (text: string) => {
      made.push(text);
      return text === 'none' ? undefined : text.toUpperCase();
    };
    const memo = new Remembered<string | undefined>(3, 10);
    expect(memo.get('a', make, 'a')).toBe('A');
    expect(memo.get('a', make, 'a')).toBe('A');
    expect(memo.get('none', make, 'none')).toBeUndefined();
    expect(memo.get('none', make, 'none')).toBeUndefined();
    expect(made).toEqual(['a', 'none']);
    memo.get('b', make, 'b');
    // Full at three: the fourth text clears what was kept.
    memo.get('c', make, 'c');
    memo.get('a', make, 'a');
    expect(made).toEqual(['a', 'none', 'b', 'c', 'a']);
  });

  it('never keeps a text longer than its limit, nor an answer that threw, and forgets everything when cleared', () => {
    let calls = 0;
    const memo = new Remembered<number>(10, 4);
    const count = () => ++calls;
    memo.get('12345', count, undefined);
    memo.get('12345', count, undefined);
    expect(calls).toBe(2);
    const fail = () => {
      calls++;
      throw new Error('invalid');
    };
    expect(() => memo.get('bad', fail, undefined)).toThrow('invalid');
    expect(() => memo.get('bad', fail, undefined)).toThrow('invalid');
    expect(calls).toBe(4);
    memo.get('ok', count, undefined);
    memo.clear();
    memo.get('ok', count, undefined);
    expect(calls).toBe(6);
  });
});
