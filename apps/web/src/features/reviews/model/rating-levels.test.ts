import { describe, expect, it } from 'vitest';
import { ratingBars, starFill, wholePercentages } from './rating-levels.ts';

const levels = (one: number, two: number, three: number, four: number, five: number) => ({
  one_star: one,
  two_star: two,
  three_star: three,
  four_star: four,
  five_star: five,
});

describe('ratingBars', () => {
  it('lists five stars first and scales lengths to the most common level', () => {
    const bars = ratingBars(levels(1, 0, 2, 4, 8));
    expect(bars.map((bar) => bar.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(bars.map((bar) => bar.count)).toEqual([8, 4, 2, 0, 1]);
    expect(bars.map((bar) => bar.length)).toEqual([1, 0.5, 0.25, 0, 0.125]);
    expect(bars[0]?.share).toBeCloseTo(8 / 15);
  });

  it('draws no bar at all when nobody reviewed the item', () => {
    const bars = ratingBars(levels(0, 0, 0, 0, 0));
    expect(bars.every((bar) => bar.length === 0 && bar.share === 0)).toBe(true);
  });

  it('fills the track for a level that holds every review', () => {
    expect(ratingBars(levels(0, 0, 3, 0, 0)).find((bar) => bar.stars === 3)).toMatchObject({
      count: 3,
      share: 1,
      length: 1,
    });
  });
});

describe('wholePercentages', () => {
  it('adds up to 100 however the shares round', () => {
    expect(wholePercentages(ratingBars(levels(1, 1, 1, 0, 0)))).toEqual([0, 0, 34, 33, 33]);
    const shares = wholePercentages(ratingBars(levels(3, 1, 2, 5, 9)));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
    expect(shares).toEqual([45, 25, 10, 5, 15]);
  });

  it('is all zeros without reviews', () => {
    expect(wholePercentages(ratingBars(levels(0, 0, 0, 0, 0)))).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('starFill', () => {
  it('rounds to the nearest half star within 0 and 5', () => {
    expect(starFill(4.7)).toEqual({ full: 4, half: true });
    expect(starFill(4.8)).toEqual({ full: 5, half: false });
    expect(starFill(4.2)).toEqual({ full: 4, half: false });
    expect(starFill(0)).toEqual({ full: 0, half: false });
    expect(starFill(7)).toEqual({ full: 5, half: false });
  });
});
