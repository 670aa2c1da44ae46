/** Integer minor units inside, a number with the currency's decimal places outside. */
export function toMajor(minor: number, decimals: number): number {
  return decimals === 0 ? minor : minor / 10 ** decimals;
}

export function toMajorOrNull(minor: number | null, decimals: number): number | null {
  return minor === null ? null : toMajor(minor, decimals);
}

export function toMinor(major: number, decimals: number): number {
  return Math.round(major * 10 ** decimals);
}
