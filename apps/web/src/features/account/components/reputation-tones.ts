/** The colours of the reputation's bars: a part's fill and its legend's swatch. */
export const POSITIVE = {
  fill: 'fill-emerald-600 dark:fill-emerald-400',
  swatch: 'bg-emerald-600 dark:bg-emerald-400',
};
export const NEUTRAL = {
  fill: 'fill-zinc-400 dark:fill-zinc-500',
  swatch: 'bg-zinc-400 dark:bg-zinc-500',
};
export const NEGATIVE = {
  fill: 'fill-red-600 dark:fill-red-400',
  swatch: 'bg-red-600 dark:bg-red-400',
};
export const ACCENT = {
  fill: 'fill-accent',
  swatch: 'bg-accent',
};
