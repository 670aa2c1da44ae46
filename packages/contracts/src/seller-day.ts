import { z } from 'zod';
import { currencyIdSchema, itemIdSchema, numericIdSchema, timestampSchema } from './common.ts';
import { type DeliveryCase, deliveryStateSchema, saleOutcome } from './delivery.ts';
import { calendarDateSchema } from './insights-query.ts';
import { orderStatusSchema } from './order-status.ts';

// A seller's day: the dashboard's own `GET /bff/today` and `GET /bff/insights`, answered by the BFF from its
// projection of the seller's orders (docs/decisions/0281-a-projection-of-each-sellers-orders.md).

/** Statuses of an order that has not ended: it may still be paid, shipped, cancelled or charged back. */
export const OPEN_ORDER_STATUSES = [
  'confirmed',
  'payment_required',
  'payment_in_process',
  'partially_paid',
  'paid',
] as const;

/**
 * Spec 1's table applied to a chargeback now: a delivery the seller arranged without evidence that it arrived is the
 * one row where the seller must refund the money (the others are covered, or the sale is undone before or after the
 * carrier took the package).
 */
export const chargebackCostsSeller = (c: DeliveryCase): boolean => saleOutcome(c, 'chargeback') === 'refund';

// ---------------------------------------------------------------------------------------------------------------
// GET /bff/today

/** The queues of the day, in the order the page shows them. */
export const TODAY_QUEUES = [
  // Paid orders whose shipment waits to be prepared or handed to the carrier, oldest first.
  'to_ship',
  // `fraud_risk_detected` on an order still open: cancel it and do not ship.
  'fraud_alerts',
  // The buyer's feedback without the seller's reply, inside the 14-day window (spec 8), closing soonest first.
  'replies_due',
  // Paid sales the seller has not rated yet, oldest first.
  'unrated_sales',
  // Orders with a mediation still opened, oldest first.
  'open_mediations',
  // Paid orders where a chargeback now would cost the seller (`chargebackCostsSeller`), oldest first.
  'deliveries_at_risk',
] as const;
export const todayQueueIdSchema = z.enum(TODAY_QUEUES);
export type TodayQueueId = z.infer<typeof todayQueueIdSchema>;

/**
 * What is missing for the seller to be covered against a chargeback: proof of a delivery already recorded as
 * delivered, or the delivery itself (and then its proof).
 */
export const MISSING_EVIDENCE = ['evidence', 'delivery'] as const;
export const missingEvidenceSchema = z.enum(MISSING_EVIDENCE);
export type MissingEvidence = z.infer<typeof missingEvidenceSchema>;

/** How many entries of each queue the answer carries (the most urgent ones). */
export const TODAY_QUEUE_ENTRIES = 5;

/** One order of a queue, with what the page shows for it. */
export const todayEntrySchema = z.object({
  order_id: numericIdSchema,
  /** The buyer's nickname, or null when the marketplace did not send it. */
  buyer_nickname: z.string().nullable(),
  /** The first line's title (the order may have more lines: `units` counts them all). */
  title: z.string(),
  units: z.number().int().nonnegative(),
  /** When the order was created. */
  date_created: timestampSchema,
  total_amount: z.number().nonnegative(),
  currency_id: currencyIdSchema,
  status: orderStatusSchema,
  /** replies_due: when the buyer's feedback was given, and the whole days left to reply (0 on the last day). */
  feedback_date: timestampSchema.nullable(),
  reply_days_left: z.number().int().nonnegative().nullable(),
  /** to_ship and deliveries_at_risk: where the shipment stands (null without a shipment). */
  shipment_state: deliveryStateSchema.nullable(),
  /** deliveries_at_risk: what the seller still has to provide to be covered. */
  missing_evidence: missingEvidenceSchema.nullable(),
  /** open_mediations: the mediation's stage (`claim`, `dispute`). */
  mediation_stage: z.string().nullable(),
});
export type TodayEntry = z.infer<typeof todayEntrySchema>;

export const todayQueueSchema = z.object({
  id: todayQueueIdSchema,
  count: z.number().int().nonnegative(),
  /** The most urgent entries, at most `TODAY_QUEUE_ENTRIES`, most urgent first. */
  entries: z.array(todayEntrySchema),
  /**
   * The `/orders` list's search parameters that show the queue's orders (keys of `ORDER_SEARCH_PARAM_KEYS`,
   * without `seller`, `offset` and `limit`).
   */
  search: z.record(z.string(), z.string()),
  /**
   * True when the list shows exactly the queue's orders (its total equals `count`); false when the marketplace's
   * search cannot say as much (replies due: the search has no filter for a reply or its window) and the list shows
   * a wider set containing them.
   */
  exact: z.boolean(),
});
export type TodayQueue = z.infer<typeof todayQueueSchema>;

/** Where the projection of the seller's orders stands. */
export const projectionStateSchema = z.object({
  /** `filling`: the first fill has not ended, figures cover the orders read so far; `ready`: every order is in. */
  state: z.enum(['filling', 'ready']),
  /** The last time the projection was known to agree with the marketplace (null before the first fill ends). */
  as_of: timestampSchema.nullable(),
});
export type ProjectionState = z.infer<typeof projectionStateSchema>;

export const todaySchema = z.object({
  seller_id: numericIdSchema,
  /** The currency of the seller's site (its orders' currency). */
  currency_id: currencyIdSchema.nullable(),
  queues: z.array(todayQueueSchema),
  projection: projectionStateSchema,
});
export type Today = z.infer<typeof todaySchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /bff/insights?days=7|30|90  or  ?from=YYYY-MM-DD&to=YYYY-MM-DD

// The query lives in a module of its own: the dashboard checks its address before the page's code loads, and the
// first scripts then carry the query alone, not every schema of the seller's day.
export {
  INSIGHTS_DEFAULT_DAYS,
  INSIGHTS_MAX_DAYS,
  INSIGHTS_PERIOD_DAYS,
  type InsightsQuery,
  insightsQuerySchema,
} from './insights-query.ts';

export const insightsPeriodSchema = z.object({
  /** First and last day, both included, in the site's calendar. */
  from: calendarDateSchema,
  to: calendarDateSchema,
  days: z.number().int().positive(),
});
export type InsightsPeriod = z.infer<typeof insightsPeriodSchema>;

/**
 * The figures of one period, over the orders created in it (docs/decisions/0282-what-today-and-insights-count.md). A sale is
 * an order whose status is `paid`. Rates are shares from 0 to 1, null when there is nothing to divide by.
 */
export const insightsFiguresSchema = z.object({
  /** Σ total_amount of the period's sales. */
  gross_sales: z.number().nonnegative(),
  /** Σ `sellerProceeds(...).receives` of every order of the period (an undone sale may take something away). */
  receives: z.number(),
  /** Orders created in the period, in every status. */
  orders: z.number().int().nonnegative(),
  /** Sales among them. */
  sales: z.number().int().nonnegative(),
  /** Σ quantity of the sales' lines. */
  units: z.number().int().nonnegative(),
  /** gross_sales ÷ sales. */
  average_ticket: z.number().nonnegative().nullable(),
  /** Orders cancelled (cancelled, manually_cancelled) ÷ orders. */
  cancellation_rate: z.number().min(0).max(1).nullable(),
  /** Orders tagged `fraud_risk_detected` ÷ orders. */
  fraud_rate: z.number().min(0).max(1).nullable(),
  /** Buyers' ratings (`feedback.purchase`) that are positive ÷ buyers' ratings of the period's orders. */
  positive_feedback_share: z.number().min(0).max(1).nullable(),
  /** How many buyers rated (the share's denominator). */
  ratings: z.number().int().nonnegative(),
});
export type InsightsFigures = z.infer<typeof insightsFiguresSchema>;

/** One day of a period: its sales. */
export const insightsDaySchema = z.object({
  date: calendarDateSchema,
  gross_sales: z.number().nonnegative(),
  sales: z.number().int().nonnegative(),
});
export type InsightsDay = z.infer<typeof insightsDaySchema>;

export const insightsProductSchema = z.object({
  item_id: itemIdSchema,
  title: z.string(),
  units: z.number().int().nonnegative(),
  /** Σ unit_price × quantity over the period's sales. */
  revenue: z.number().nonnegative(),
});
export type InsightsProduct = z.infer<typeof insightsProductSchema>;

/** How many products `top_products` lists at most. */
export const INSIGHTS_TOP_PRODUCTS = 10;

export const insightsSchema = z.object({
  seller_id: numericIdSchema,
  /** The currency of the seller's site; every amount is in it. Null when the seller has no order at all. */
  currency_id: currencyIdSchema.nullable(),
  /** The site's offset from UTC (`-03:00`): the calendar days are counted at it. */
  utc_offset: z.string().regex(/^[+-]\d{2}:\d{2}$/),
  period: insightsPeriodSchema,
  /** The same number of days just before the period. */
  previous_period: insightsPeriodSchema,
  figures: insightsFiguresSchema,
  previous_figures: insightsFiguresSchema,
  /** Every day of each period, first to last (the previous period's day N pairs with the period's day N). */
  sales_by_day: z.array(insightsDaySchema),
  previous_sales_by_day: z.array(insightsDaySchema),
  /** Orders of the period by status, every status listed (0 where none). */
  orders_by_status: z.array(z.object({ status: orderStatusSchema, orders: z.number().int().nonnegative() })),
  /** The period's products by revenue, highest first, at most `INSIGHTS_TOP_PRODUCTS`. */
  top_products: z.array(insightsProductSchema),
  projection: projectionStateSchema,
});
export type Insights = z.infer<typeof insightsSchema>;
