import { describe, expect, it } from 'vitest';
import { ByteArena } from './byte-arena.ts';

const text = (view: Uint8Array) => Buffer.from(view).toString('utf8');

describe('ByteArena', () => {
  it('writes texts one after another as UTF-8 views of a few buffers', () => {
    const arena = new ByteArena(64);
    const views = ['{"a":1}', '{"título":"Cámara"}', 'x'.repeat(40), '{"b":2}'].map(arena.write);
    expect(views.map(text)).toEqual(['{"a":1}', '{"título":"Cámara"}', 'x'.repeat(40), '{"b":2}']);
    // Seven and twenty-one bytes fit the first 64-byte buffer; forty more (at most 120 reserved) need the next.
    expect(arena.buffers).toHaveLength(2);
    expect(views[0]!.buffer).toBe(views[1]!.buffer);
    expect(views[2]!.buffer).not.toBe(views[1]!.buffer);
    expect(arena.buffers).toContain(views[2]!.buffer);
  });

  it('takes a buffer of its own for a text longer than its buffers', () => {
    const arena = new ByteArena(16);
    const long = 'ñ'.repeat(100);
    expect(text(arena.write(long))).toBe(long);
    expect(arena.buffers[0]!.byteLength).toBeGreaterThanOrEqual(300);
  });

  it('after a rewind writes into the same buffers again, from the first', () => {
    const arena = new ByteArena(32);
    const first = ['a'.repeat(8), 'b'.repeat(8), 'c'.repeat(8)].map(arena.write);
    const used = [...arena.buffers];
    arena.rewind();
    const again = ['d'.repeat(8), 'e'.repeat(8), 'f'.repeat(8)].map(arena.write);
    expect(again.map(text)).toEqual(['d'.repeat(8), 'e'.repeat(8), 'f'.repeat(8)]);
    expect(again.map((v) => v.buffer)).toEqual(first.map((v) => v.buffer));
    expect(arena.buffers).toEqual(used);
    // The views of before the rewind now show what was written over them.
    expect(text(first[0]!)).toBe('d'.repeat(8));
  });

  it('after a rewind replaces a buffer too small for the text it must hold, and keeps the rest', () => {
    const arena = new ByteArena(16);
    arena.write('a'.repeat(4));
    arena.write('b'.repeat(5));
    const [small, second] = arena.buffers;
    expect(second).toBeDefined();
    arena.rewind();
    const long = 'z'.repeat(50);
    const view = arena.write(long);
    expect(text(view)).toBe(long);
    expect(view.buffer).not.toBe(small);
    expect(arena.buffers[0]).toBe(view.buffer);
    expect(arena.buffers[1]).toBe(second);
  });
});
