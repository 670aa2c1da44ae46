import { z } from 'zod';
import { numericIdSchema, timestampSchema } from './common.ts';
import { orderNotificationTopicSchema } from './notifications.ts';
import { orderStatusSchema } from './orders.ts';

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
  /** False when the app talks to a remote platform: there is nothing to simulate. */
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
