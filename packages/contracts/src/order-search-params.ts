import { z } from 'zod';
import { commonQueryShape, isoDateTimeSchema } from './common.ts';
import { DELIVERY_CASES, type DeliveryCase, deliveryCaseSchema } from './delivery.ts';
import { type OrderStatus, orderStatusSchema } from './order-status.ts';

export const ORDER_SORTS = [
  { id: 'date_asc', name: 'Date ascending' },
  { id: 'date_desc', name: 'Date descending' },
] as const;
export type OrderSortId = (typeof ORDER_SORTS)[number]['id'];
export const orderSortIdSchema = z.enum(['date_asc', 'date_desc']);

export const FEEDBACK_RATINGS = ['positive', 'neutral', 'negative'] as const;
// The order's feedback state (decision 0004): nobody rated, the buyer rated, the seller rated, both.
export const ORDER_FEEDBACK_STATUSES = ['pending', 'waiting_seller', 'waiting_buyer', 'complete'] as const;
export const feedbackRatingSchema = z.enum(FEEDBACK_RATINGS);
export type FeedbackRating = z.infer<typeof feedbackRatingSchema>;

// The real platform refuses order searches with a page larger than 51.
export const ORDER_SEARCH_MAX_LIMIT = 51;
export const ORDER_SEARCH_DEFAULT_LIMIT = 50;
export const ORDER_SEARCH_MAX_OFFSET = 10_000;

const DATE_FILTERS = {
  dateCreated: ['order.date_created.from', 'order.date_created.to'],
  dateClosed: ['order.date_closed.from', 'order.date_closed.to'],
  dateLastUpdated: ['order.date_last_updated.from', 'order.date_last_updated.to'],
} as const;
type DateFilter = keyof typeof DATE_FILTERS;
type DateKey = (typeof DATE_FILTERS)[DateFilter][number];

/**
 * Values a comma-separated search parameter takes at most: every value is one more condition of the query, and a
 * thousand of them made the database refuse it (`Expression tree is too large`).
 */
export const ORDER_SEARCH_MAX_LIST_VALUES = 20;

function commaList(key: string, isValid: (entry: string) => boolean, expected: string) {
  return z.string().superRefine((value, ctx) => {
    const entries = value.split(',');
    if (entries.length > ORDER_SEARCH_MAX_LIST_VALUES) {
      ctx.addIssue({
        code: 'custom',
        message: `${key} takes at most ${ORDER_SEARCH_MAX_LIST_VALUES} comma-separated values`,
      });
      return;
    }
    const bad = entries.find((entry) => !isValid(entry));
    if (bad === undefined) return;
    ctx.addIssue({
      code: 'custom',
      message:
        bad === ''
          ? `empty entry in a comma-separated list of ${expected}`
          : `expected a comma-separated list of ${expected}`,
    });
  });
}

const patternList = (key: string, pattern: RegExp, expected: string) =>
  commaList(key, (entry) => pattern.test(entry), expected);
const enumList = (key: string, values: readonly string[]) =>
  commaList(key, (entry) => values.includes(entry), values.join(' | '));

const userIdText = z
  .string()
  .regex(/^[1-9]\d*$/, { error: 'expected a positive integer user id', abort: true })
  .refine((value) => Number(value) <= Number.MAX_SAFE_INTEGER, 'user id is too large');

const integerText = (min: number, max: number) =>
  z
    .string()
    .regex(/^(0|[1-9]\d*)$/, { error: 'expected a non-negative integer', abort: true })
    .refine(
      (value) => Number(value) >= min && Number(value) <= max,
      `expected an integer from ${min} to ${max}`,
    );

const tagListText = (key: string) => patternList(key, /^[a-z0-9_]+$/, 'tags ([a-z0-9_])');
const wordListText = (key: string) => patternList(key, /^[a-z_]+$/, 'values ([a-z_])');
const statusListText = enumList('order.status', orderStatusSchema.options);
const ratingListText = (key: string) => enumList(key, FEEDBACK_RATINGS);
const feedbackStatusListText = enumList('feedback.status', ORDER_FEEDBACK_STATUSES);
const booleanText = z.enum(['true', 'false'], { error: 'expected true or false' });
const deliveryCaseListText = enumList('delivery.case', DELIVERY_CASES);
const offsetText = integerText(0, ORDER_SEARCH_MAX_OFFSET);
const limitText = integerText(1, ORDER_SEARCH_MAX_LIMIT);

// Validation only: shared by the raw-query parser (which adds transforms) and the browser's URL schema.
const textChecks = {
  seller: userIdText,
  buyer: userIdText,
  item: z.string().min(1).max(120),
  q: z.string().min(1).max(200),
  tags: tagListText('tags'),
  'tags.not': tagListText('tags.not'),
  'order.status': statusListText,
  'order.date_created.from': isoDateTimeSchema,
  'order.date_created.to': isoDateTimeSchema,
  'order.date_closed.from': isoDateTimeSchema,
  'order.date_closed.to': isoDateTimeSchema,
  'order.date_last_updated.from': isoDateTimeSchema,
  'order.date_last_updated.to': isoDateTimeSchema,
  'mediations.stage': wordListText('mediations.stage'),
  'mediations.status': wordListText('mediations.status'),
  'feedback.status': feedbackStatusListText,
  'feedback.sale.rating': ratingListText('feedback.sale.rating'),
  'feedback.purchase.rating': ratingListText('feedback.purchase.rating'),
  'feedback.sale.fulfilled': booleanText,
  'feedback.purchase.fulfilled': booleanText,
  // Ours, not the platform's: the row of spec 1's delivery table (docs/decisions/0093-delivery-case-filter.md).
  'delivery.case': deliveryCaseListText,
  sort: orderSortIdSchema,
  offset: offsetText,
  limit: limitText,
};

export const ORDER_SEARCH_PARAM_KEYS = Object.keys(textChecks) as (keyof typeof textChecks)[];

/** The comma-separated parameters, each of which takes at most `ORDER_SEARCH_MAX_LIST_VALUES` values. */
export const ORDER_SEARCH_LIST_PARAMS = [
  'tags',
  'tags.not',
  'order.status',
  'mediations.stage',
  'mediations.status',
  'feedback.status',
  'feedback.sale.rating',
  'feedback.purchase.rating',
  'delivery.case',
] as const satisfies readonly (keyof typeof textChecks)[];

type CrossFieldInput = { seller?: unknown; buyer?: unknown } & Partial<Record<DateKey, unknown>>;

function checkCrossFields(
  value: CrossFieldInput,
  ctx: z.RefinementCtx,
  options: { sideRequired: boolean; millis: (raw: unknown) => number },
): void {
  if (value.seller !== undefined && value.buyer !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['buyer'], message: 'seller and buyer cannot be combined' });
  } else if (options.sideRequired && value.seller === undefined && value.buyer === undefined) {
    ctx.addIssue({ code: 'custom', path: [], message: 'one of seller or buyer is required' });
  }
  for (const [fromKey, toKey] of Object.values(DATE_FILTERS)) {
    const from = value[fromKey];
    const to = value[toKey];
    if (from !== undefined && to !== undefined && options.millis(from) > options.millis(to)) {
      ctx.addIssue({ code: 'custom', path: [fromKey], message: `${fromKey} is later than ${toKey}` });
    }
  }
}

const unknownKeyError = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' && issue.keys
    ? `unknown search parameter${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
    : undefined;

const toMillis = isoDateTimeSchema.transform((value) => Date.parse(value));
const toList = (text: z.ZodType<string>) => text.transform((value) => value.split(','));

const rawQueryShape = {
  seller: userIdText.transform(Number).optional(),
  buyer: userIdText.transform(Number).optional(),
  item: textChecks.item.optional(),
  q: textChecks.q.optional(),
  tags: toList(textChecks.tags).optional(),
  'tags.not': toList(textChecks['tags.not']).optional(),
  'order.status': toList(statusListText).pipe(z.array(orderStatusSchema)).optional(),
  'order.date_created.from': toMillis.optional(),
  'order.date_created.to': toMillis.optional(),
  'order.date_closed.from': toMillis.optional(),
  'order.date_closed.to': toMillis.optional(),
  'order.date_last_updated.from': toMillis.optional(),
  'order.date_last_updated.to': toMillis.optional(),
  'mediations.stage': toList(textChecks['mediations.stage']).optional(),
  'mediations.status': toList(textChecks['mediations.status']).optional(),
  'feedback.status': toList(textChecks['feedback.status']).optional(),
  'feedback.sale.rating': toList(textChecks['feedback.sale.rating'])
    .pipe(z.array(feedbackRatingSchema))
    .optional(),
  'feedback.purchase.rating': toList(textChecks['feedback.purchase.rating'])
    .pipe(z.array(feedbackRatingSchema))
    .optional(),
  'feedback.sale.fulfilled': booleanText.transform((value) => value === 'true').optional(),
  'feedback.purchase.fulfilled': booleanText.transform((value) => value === 'true').optional(),
  'delivery.case': toList(deliveryCaseListText).pipe(z.array(deliveryCaseSchema)).optional(),
  sort: orderSortIdSchema.default('date_asc'),
  offset: offsetText.transform(Number).default(0),
  limit: limitText.transform(Number).default(ORDER_SEARCH_DEFAULT_LIMIT),
  // Common parameters of every resource (spec 4.5), consumed by outer layers: accepted, then dropped.
  ...commonQueryShape,
  'caller.id': z.string().optional(),
};

export type DateRange = { from?: number; to?: number };

export type OrderSearchParams = {
  side: 'seller' | 'buyer';
  userId: number;
  item?: string;
  q?: string;
  tags?: string[];
  tagsNot?: string[];
  statuses?: OrderStatus[];
  // Bounds in epoch milliseconds.
  dateCreated?: DateRange;
  dateClosed?: DateRange;
  dateLastUpdated?: DateRange;
  mediationStages?: string[];
  mediationStatuses?: string[];
  feedbackStatuses?: string[];
  saleRatings?: FeedbackRating[];
  purchaseRatings?: FeedbackRating[];
  saleFulfilled?: boolean;
  purchaseFulfilled?: boolean;
  deliveryCases?: DeliveryCase[];
  sort: OrderSortId;
  offset: number;
  limit: number;
};

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

function dateRange(from: number | undefined, to: number | undefined): DateRange | undefined {
  return from === undefined && to === undefined ? undefined : withoutUndefined({ from, to });
}

// Parses the raw query-string record of `GET /orders/search` (spec 4.2). Invalid input is rejected, never
// repaired; unknown keys are rejected, the common parameters (callback, attributes, access_token, caller.id) dropped.
export const orderSearchParamsSchema = z
  .strictObject(rawQueryShape, { error: unknownKeyError })
  .superRefine((value, ctx) => checkCrossFields(value, ctx, { sideRequired: true, millis: Number }))
  .transform((v): OrderSearchParams => {
    const seller = v.seller;
    const side = seller === undefined ? 'buyer' : 'seller';
    return withoutUndefined({
      side,
      userId: seller ?? v.buyer ?? 0,
      item: v.item,
      q: v.q,
      tags: v.tags,
      tagsNot: v['tags.not'],
      statuses: v['order.status'],
      dateCreated: dateRange(v['order.date_created.from'], v['order.date_created.to']),
      dateClosed: dateRange(v['order.date_closed.from'], v['order.date_closed.to']),
      dateLastUpdated: dateRange(v['order.date_last_updated.from'], v['order.date_last_updated.to']),
      mediationStages: v['mediations.stage'],
      mediationStatuses: v['mediations.status'],
      feedbackStatuses: v['feedback.status'],
      saleRatings: v['feedback.sale.rating'],
      purchaseRatings: v['feedback.purchase.rating'],
      saleFulfilled: v['feedback.sale.fulfilled'],
      purchaseFulfilled: v['feedback.purchase.fulfilled'],
      deliveryCases: v['delivery.case'],
      sort: v.sort,
      offset: v.offset,
      limit: v.limit,
    });
  });

// The order filters as browser URL state: same keys and checks as the API query, all optional, kept as strings.
// The side comes from the session, so neither seller nor buyer is required; unrelated URL keys are dropped.
export const orderSearchUrlSchema = z
  .object(textChecks)
  .partial()
  .superRefine((value, ctx) =>
    checkCrossFields(value, ctx, { sideRequired: false, millis: (raw) => Date.parse(String(raw)) }),
  );

export type OrderSearchQuery = z.input<typeof orderSearchParamsSchema>;
export type OrderSearchUrlState = z.infer<typeof orderSearchUrlSchema>;
