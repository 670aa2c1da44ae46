import { z } from 'zod';

// GET /bff/insights?days=7|30|90  or  ?from=YYYY-MM-DD&to=YYYY-MM-DD (the rest of the seller's day: seller-day.ts).

export const INSIGHTS_PERIOD_DAYS = ['7', '30', '90'] as const;
/** The longest custom range, in days (both ends included). */
export const INSIGHTS_MAX_DAYS = 366;
export const INSIGHTS_DEFAULT_DAYS = '30';

/** A day of the calendar, as `YYYY-MM-DD`. */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'expected a date as YYYY-MM-DD', abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'not a calendar date');

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The query of `GET /bff/insights`: a preset (`days`, the last N days ending today) or a custom range (`from` and
 * `to`, both included, in the site's calendar); not both. Neither is the default preset.
 */
export const insightsQuerySchema = z
  .strictObject({
    days: z.enum(INSIGHTS_PERIOD_DAYS, { error: 'expected 7, 30 or 90' }).optional(),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const custom = value.from !== undefined || value.to !== undefined;
    if (value.days !== undefined && custom) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'days cannot be combined with from and to' });
      return;
    }
    if (!custom) return;
    if (value.from === undefined || value.to === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [value.from === undefined ? 'from' : 'to'],
        message: 'from and to go together',
      });
      return;
    }
    const days = dayCount(value.from, value.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is earlier than from' });
    else if (days > INSIGHTS_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `a range covers at most ${INSIGHTS_MAX_DAYS} days`,
      });
  });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;
