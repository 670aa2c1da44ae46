import { z } from 'zod';
import { idTextSchema, numericIdSchema, timestampSchema } from './common.ts';
import { orderNotificationTopicSchema } from './notifications.ts';
import { orderStatusSchema } from './order-status.ts';

/**
 * What `GET /bff/events` streams (server-sent events, docs/decisions/0053-live-event-stream.md): each message has
 * `id:` (the persisted event id, increasing), `event:` (one of LIVE_EVENT_NAMES) and `data:` (one line of JSON of
 * the schema below). Comment lines are heartbeats.
 */
export const LIVE_EVENT_NAMES = ['order_changed'] as const;
export const liveEventNameSchema = z.enum(LIVE_EVENT_NAMES);
export type LiveEventName = z.infer<typeof liveEventNameSchema>;

/** The order as it was read with the user's own token right after the notification (never the notification's word). */
export const liveOrderSchema = z.object({
  id: numericIdSchema,
  status: orderStatusSchema,
  status_detail: z.object({ code: z.string().nullable(), description: z.string().nullable() }).nullable(),
  date_created: timestampSchema,
  date_closed: timestampSchema.nullable(),
  last_updated: timestampSchema,
  total_amount: z.number().nonnegative(),
  paid_amount: z.number().nonnegative(),
  currency_id: z.string(),
  tags: z.array(z.string()),
  /** Null when the platform could not load the party (a 206 answer). */
  buyer: z.object({ id: numericIdSchema, nickname: z.string().nullable() }).nullable(),
  seller: z.object({ id: numericIdSchema }).nullable(),
  items: z.array(z.object({ id: z.string(), title: z.string(), quantity: z.number().int().positive() })),
});
export type LiveOrder = z.infer<typeof liveOrderSchema>;

/** `event: order_changed`: an order of the signed-in account changed on the marketplace. */
export const orderChangedEventSchema = z.object({
  type: z.literal('order_changed'),
  /** The persisted event id (the same as the SSE `id:`). */
  event_id: z.number().int().positive(),
  /** The account the event belongs to: always the stream's active account. */
  user_id: numericIdSchema,
  topic: orderNotificationTopicSchema,
  /** `/orders/<id>`. */
  resource: z.string().regex(/^\/orders\/\d+$/),
  /**
   * The marketplace's notification ids this event answers: several when notifications about the same order arrived
   * while the first still waited (they are folded into one read of the order).
   */
  notification_ids: z.array(z.string()).min(1),
  /** The BFF's queue entry that answered them (`GET /bff/notifications` lists it); absent on older events. */
  queue_id: numericIdSchema.optional(),
  /** When the marketplace recorded the earliest of those changes (the notifications' `received`). */
  changed_at: timestampSchema,
  /** When the BFF published the event. */
  published_at: timestampSchema,
  order: liveOrderSchema,
});
export type OrderChangedEvent = z.infer<typeof orderChangedEventSchema>;

/** Any message of the stream, by its `event:` name. */
export const liveEventSchema = orderChangedEventSchema;
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** `POST /bff/notifications` answers 200 with this once the notification is stored (or was already). */
export const notificationReceiptSchema = z.strictObject({
  status: z.enum(['queued', 'duplicate']),
});
export type NotificationReceipt = z.infer<typeof notificationReceiptSchema>;

/** Changes per second the app's simulator control may ask for. */
export const SIMULATOR_MAX_RATE = 200;

/** `POST /bff/simulator` (local use only). */
export const simulatorStartSchema = z.strictObject({
  rate: z.number().positive().max(SIMULATOR_MAX_RATE),
});

/** `GET /bff/simulator`, and the answer of `POST`/`DELETE`. */
export const simulatorStatusSchema = z.strictObject({
  /**
   * False when the app talks to a remote platform (there is nothing to simulate), and for anyone but the
   * application's owner working on its own account.
   */
  available: z.boolean(),
  running: z.boolean(),
  /** Changes per second while running; null when stopped. */
  rate: z.number().positive().nullable(),
});
export type SimulatorStatus = z.infer<typeof simulatorStatusSchema>;

/** `GET /bff/orders/{order_id}/notifications`: the notifications about one order that reached the BFF. */
export const orderNotificationEntrySchema = z.object({
  /** The queue entry: repeats of one change while it waited are folded into one entry. */
  id: numericIdSchema,
  topic: orderNotificationTopicSchema,
  state: z.enum(['pending', 'done', 'parked']),
  /** When the marketplace says the change happened, and when the BFF received it. */
  changed_at: z.iso.datetime({ offset: true }),
  arrived_at: z.iso.datetime({ offset: true }),
  notification_ids: z.array(z.string()),
});
export const orderNotificationListSchema = z.object({ notifications: z.array(orderNotificationEntrySchema) });
export type OrderNotificationList = z.infer<typeof orderNotificationListSchema>;

/**
 * `_id` prefix of a notification support redelivered into the BFF's own receiver (`POST
 * /bff/notifications/{id}/redeliver`, local use): the platform never sent it, so `/myfeeds` has no attempts for it.
 */
export const REDELIVERY_ID_PREFIX = 'redelivery-';

export const NOTIFICATION_FEED_MAX_LIMIT = 100;

/** `GET /bff/notifications`: a page of the notifications that reached the BFF for the active account. */
export const notificationFeedQuerySchema = z.strictObject({
  topic: orderNotificationTopicSchema.optional(),
  /** A queue entry id: entries older than it (the next page). */
  before: idTextSchema.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(NOTIFICATION_FEED_MAX_LIMIT))
    .optional(),
});

/** Why the BFF set a notification aside for good (decision 0051). */
export const notificationParkReasonSchema = z.enum([
  'no_stored_token',
  'token_refused',
  'not_owned_order',
  'order_not_found',
  'refused',
  'unavailable',
]);
export type NotificationParkReason = z.infer<typeof notificationParkReasonSchema>;

export const notificationFeedEntrySchema = z.object({
  /** The queue entry: repeats of one change while it waited are folded into one entry. */
  id: numericIdSchema,
  topic: orderNotificationTopicSchema,
  /** `/orders/<id>`, and that id. */
  resource: z.string().regex(/^\/orders\/\d+$/),
  order_id: numericIdSchema,
  state: z.enum(['pending', 'done', 'parked']),
  /** Set when `state` is `parked`. */
  park_reason: z.string().nullable(),
  /** Reads of the order tried so far. */
  tries: z.number().int().nonnegative(),
  changed_at: z.iso.datetime({ offset: true }),
  arrived_at: z.iso.datetime({ offset: true }),
  /** When it was published (done) or parked; null while pending. */
  finished_at: z.iso.datetime({ offset: true }).nullable(),
  notification_ids: z.array(z.string()),
  /** Some of its ids came from a support redelivery rather than from the platform. */
  redelivery: z.boolean(),
});
export type NotificationFeedEntry = z.infer<typeof notificationFeedEntrySchema>;

export const notificationFeedSchema = z.object({
  notifications: z.array(notificationFeedEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last one. */
  next_before: numericIdSchema.nullable(),
});
export type NotificationFeed = z.infer<typeof notificationFeedSchema>;

/** `POST /bff/notifications/{queue_id}/redeliver`: the stored notification went into the receiver again. */
export const notificationRedeliverySchema = z.strictObject({
  status: z.enum(['queued', 'duplicate']),
  /** The fresh `_id` it was given (starts with REDELIVERY_ID_PREFIX). */
  notification_id: z.string(),
});
export type NotificationRedelivery = z.infer<typeof notificationRedeliverySchema>;
