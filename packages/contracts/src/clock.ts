import { z } from 'zod';

/**
 * A step of the marketplace's test clock (local use only): a whole number and a unit, seconds to years (`15d`, `6h`,
 * `13mo`), as `npm run clock -- advance` takes it.
 */
export const clockDurationSchema = z.string().regex(/^[1-9]\d{0,5}(s|min|h|d|w|mo|y)$/, {
  error: 'expected a whole number and one of s, min, h, d, w, mo, y (15d, 6h, 13mo)',
});

/** The steps the dashboard's clock control offers. */
export const CLOCK_STEPS = ['1h', '6h', '1d', '15d', '1mo', '13mo'] as const;

/** `POST /bff/clock`: advance the marketplace's clock, or set it back to the machine's time. */
export const clockMoveSchema = z.union([
  z.strictObject({ advance: clockDurationSchema }),
  z.strictObject({ reset: z.literal(true) }),
]);
export type ClockMoveRequest = z.infer<typeof clockMoveSchema>;

/** `GET /bff/clock`, and the answer of `POST`. */
export const clockStatusSchema = z.strictObject({
  /** False with a remote platform (its time is its own), and for anyone but the application's owner. */
  available: z.boolean(),
  /** The marketplace's time (UTC, ISO 8601); null when unavailable. */
  now: z.iso.datetime().nullable(),
  /** How far ahead of the machine's time, in ms; null when unavailable. */
  offset_ms: z.number().int().min(0).nullable(),
  /** After a move: orders it took past the 12-month retention, purged. */
  purged: z.number().int().min(0).optional(),
  /** After a move: orders it changed (pending payments expired, expiration dates passed), each notified. */
  changed: z.number().int().min(0).optional(),
});
export type ClockStatus = z.infer<typeof clockStatusSchema>;
