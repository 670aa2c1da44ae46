import { describe, expect, it } from 'vitest';
import { openSecondStore, openTestStore } from '../test-support.ts';
import { afterDuration, ClockMoveRefused, moveClock, openMarketplaceClock, readClock } from './test-clock.ts';

const HOUR = 3_600_000;

describe('afterDuration', () => {
  it('counts seconds to weeks exactly and months and years by the calendar', () => {
    const from = Date.UTC(2026, 0, 31, 12);
    expect(afterDuration(from, '90s')).toBe(from + 90_000);
    expect(afterDuration(from, '15min')).toBe(from + 15 * 60_000);
    expect(afterDuration(from, '6h')).toBe(from + 6 * HOUR);
    expect(afterDuration(from, '15d')).toBe(from + 15 * 24 * HOUR);
    expect(afterDuration(from, '2w')).toBe(from + 14 * 24 * HOUR);
    expect(afterDuration(from, '13mo')).toBe(Date.UTC(2027, 1, 31, 12));
    expect(afterDuration(from, '1y')).toBe(Date.UTC(2027, 0, 31, 12));
    for (const text of ['15', 'd', '0d', '-1d', '1.5h', '15 days', '1m', '']) {
      expect(() => afterDuration(from, text), text).toThrow(ClockMoveRefused);
    }
  });
});

describe('the store’s clock', () => {
  it('is read by another process’s connection at once, moves forward only, and resets', async () => {
    const store = await openTestStore();
    const other = await openSecondStore(store);
    const clock = await openMarketplaceClock(other);
    try {
      expect((await readClock(store)).offset_ms).toBe(0);
      const moved = await moveClock(store, { advance: '15d' });
      expect(moved.offset_ms).toBeGreaterThanOrEqual(15 * 24 * HOUR - 1_000);
      expect(moved.offset_ms).toBeLessThanOrEqual(15 * 24 * HOUR);
      // PostgreSQL tells the other store's clock when it hears the move; a SQLite file is read at each reading.
      await expect.poll(() => clock.now() - Date.now()).toBeGreaterThan(15 * 24 * HOUR - 60_000);

      const before = await readClock(store);
      await expect(moveClock(store, { set: '2020-01-01T00:00:00Z' })).rejects.toThrow(/only moves forward/);
      await expect(moveClock(store, { set: 'next week' })).rejects.toThrow(ClockMoveRefused);
      await expect(moveClock(store, { advance: '200y' })).rejects.toThrow(ClockMoveRefused);
      expect((await readClock(store)).offset_ms).toBe(before.offset_ms);

      const target = new Date(Date.parse(before.now) + 2 * HOUR).toISOString();
      expect((await moveClock(store, { set: target })).now).toBe(target);
      expect((await moveClock(store, { reset: true })).offset_ms).toBe(0);
      await expect.poll(() => Math.abs(clock.now() - Date.now())).toBeLessThan(60_000);
    } finally {
      await clock.close();
    }
  });
});
