const pad = (n: number) => String(n).padStart(2, '0');

/** `GMT-03:00` → -180 minutes; the platform writes site time zones this way. */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** ISO 8601 with milliseconds in the site's fixed offset, e.g. 2026-01-05T10:30:00.000-03:00. */
export function isoAt(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
  return local + offsetLabel(offsetMinutes);
}

export function isoOrNull(ms: number | null, offsetMinutes: number): string | null {
  return ms === null ? null : isoAt(ms, offsetMinutes);
}

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
