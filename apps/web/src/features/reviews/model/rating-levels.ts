import type { ReviewsPage } from '@mostrador/contracts';

export type RatingLevels = ReviewsPage['rating_levels'];
export type Stars = 1 | 2 | 3 | 4 | 5;

/** Highest first, as rating breakdowns are read. */
const LEVELS: readonly { stars: Stars; key: keyof RatingLevels }[] = [
  { stars: 5, key: 'five_star' },
  { stars: 4, key: 'four_star' },
  { stars: 3, key: 'three_star' },
  { stars: 2, key: 'two_star' },
  { stars: 1, key: 'one_star' },
];

export interface RatingBar {
  stars: Stars;
  count: number;
  /** Share of every review, 0–1 (0 when there are none). */
  share: number;
  /** Length of the bar, 0–1: relative to the most common level, so the longest bar fills the track. */
  length: number;
}

/** One bar per level, five stars first; lengths scale to the largest level so small differences stay visible. */
export function ratingBars(levels: RatingLevels): RatingBar[] {
  const total = LEVELS.reduce((sum, level) => sum + levels[level.key], 0);
  const largest = Math.max(0, ...LEVELS.map((level) => levels[level.key]));
  return LEVELS.map(({ stars, key }) => {
    const count = levels[key];
    return {
      stars,
      count,
      share: total === 0 ? 0 : count / total,
      length: largest === 0 ? 0 : count / largest,
    };
  });
}

/**
 * Whole percentages that add up to 100 (largest remainder), so "62% 25% 13%" never reads as 101%. Empty levels stay
 * at 0 and no reviews at all give five zeros.
 */
export function wholePercentages(bars: readonly RatingBar[]): number[] {
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  if (total === 0) return bars.map(() => 0);
  const exact = bars.map((bar) => (bar.count * 100) / total);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    missing--;
  }
  return floors;
}

/** How many of five stars to fill for an average: halves round to the nearest half star. */
export function starFill(average: number): { full: number; half: boolean } {
  const halves = Math.round(Math.min(5, Math.max(0, average)) * 2);
  return { full: Math.floor(halves / 2), half: halves % 2 === 1 };
}
