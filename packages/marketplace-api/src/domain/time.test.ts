import { describe, expect, it } from 'vitest';
import { isoAt, offsetLabel } from './time.ts';

describe('isoAt', () => {
  it('matches Date#toISOString shifted into the offset, across days, years and odd offsets', () => {
    const samples = [
      0,
      1,
      999,
      86_399_999,
      Date.UTC(2024, 1, 29, 23, 59, 59, 7),
      Date.UTC(2026, 0, 1, 2, 3, 4, 50),
    ];
    for (let i = 0; i < 2000; i++) samples.push(Date.UTC(2025, 0, 1) + i * 7_654_321);
    for (const offset of [-360, -300, -240, -180, 0, 330, 60]) {
      for (const ms of samples) {
        const expected = new Date(ms + offset * 60_000).toISOString().slice(0, 23) + offsetLabel(offset);
        expect(isoAt(ms, offset)).toBe(expected);
      }
    }
  });

  it('writes offsets as ±hh:mm', () => {
    expect(offsetLabel(-180)).toBe('-03:00');
    expect(offsetLabel(330)).toBe('+05:30');
    expect(offsetLabel(0)).toBe('+00:00');
  });
});
