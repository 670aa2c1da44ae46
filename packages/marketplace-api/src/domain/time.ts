const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** `GMT-03:00` → -180 minutes; the platform writes site time zones this way. */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

const DAY = 86_400_000;
// Rendering millions of timestamps (the seed, search pages) made Date#toISOString a hot spot; the date part is
// shared by every time of a day, so it is formatted once per day and offset.
const dayPrefixes = new Map<number, string>();

/** ISO 8601 with milliseconds in the site's fixed offset, e.g. 2026-01-05T10:30:00.000-03:00. */
export function isoAt(ms: number, offsetMinutes: number): string {
  const local = ms + offsetMinutes * 60_000;
  const day = Math.floor(local / DAY);
  const key = day * 2000 + offsetMinutes;
  let prefix = dayPrefixes.get(key);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    if (dayPrefixes.size > 20_000) dayPrefixes.clear();
    dayPrefixes.set(key, prefix);
  }
  let rest = local - day * DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${prefix}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(millis)}${offsetLabel(offsetMinutes)}`;
}

export function isoOrNull(ms: number | null, offsetMinutes: number): string | null {
  return ms === null ? null : isoAt(ms, offsetMinutes);
}

export { type Clock, systemClock } from '@mostrador/server-kit/clock';
