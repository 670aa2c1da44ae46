import { z } from 'zod';
import { numericIdSchema, timestampSchema } from './common.ts';
import { pagingSchema } from './paging.ts';

export const ORDER_NOTIFICATION_TOPICS = ['orders_v2', 'orders_feedback'] as const;
export const orderNotificationTopicSchema = z.enum(ORDER_NOTIFICATION_TOPICS);

/** The notifications workspace's URL state (beside the topics it names: checked before the page's code loads). */
export const notificationsViewSchema = z.object({
  topic: orderNotificationTopicSchema.optional().catch(undefined),
});
export type NotificationsView = z.infer<typeof notificationsViewSchema>;

// A webhook body (spec 6). Its data is not trusted: receivers re-read `resource` with their own token.
export const notificationSchema = z.object({
  // Present on feed entries (/myfeeds, /missed_feeds), absent on the body POSTed to the callback.
  _id: z.string().min(1).optional(),
  resource: z.string().regex(/^\/\S+$/, 'expected the path of the changed resource'),
  user_id: numericIdSchema,
  topic: z.string().min(1),
  application_id: numericIdSchema,
  attempts: z.number().int().min(1),
  sent: timestampSchema,
  received: timestampSchema,
});

export const orderNotificationSchema = notificationSchema.extend({
  // An order id as the API accepts one: no leading zero, a safe integer (a forged /orders/0 or a 2^53 id would only
  // be refused later, by the marketplace).
  resource: z
    .string()
    .regex(/^\/orders\/[1-9]\d{0,15}$/, { message: 'expected /orders/<order_id>', abort: true })
    .refine(
      (path) => Number.isSafeInteger(Number(path.slice('/orders/'.length))),
      'expected /orders/<order_id>',
    ),
  topic: orderNotificationTopicSchema,
});

export type NotificationBody = z.infer<typeof notificationSchema>;
export type OrderNotification = z.infer<typeof orderNotificationSchema>;
export type OrderNotificationTopic = z.infer<typeof orderNotificationTopicSchema>;

// One delivery attempt as `/myfeeds` shows it, in the recorded missed_feeds shape (request.data is the body sent).
export const feedAttemptSchema = z.object({
  attempt: z.number().int().min(1),
  sent: timestampSchema,
  request: z.object({
    url: z.string(),
    headers: z.record(z.string(), z.union([z.string(), z.number()])),
    data: z.string(),
  }),
  response: z.object({
    // Milliseconds from sending to the answer's status line (or to giving up).
    req_time: z.number().int().nonnegative(),
    // Null when no answer came: `error` says why.
    http_code: z.number().int().min(100).max(599).nullable(),
    error: z.enum(['timeout', 'network_error', 'invalid_callback']).nullable(),
    body: z.string(),
    headers: z.record(z.string(), z.string()),
  }),
});

// `GET /myfeeds?app_id=`: a notification with the last attempt's request and response (missed_feeds shape), its
// delivery state and every attempt.
export const feedMessageSchema = notificationSchema.extend({
  _id: z.string().min(1),
  // Attempts made so far (0 while the first one is pending).
  attempts: z.number().int().nonnegative(),
  // When the last attempt was sent; `received` when none was yet.
  sent: timestampSchema,
  status: z.enum(['pending', 'delivered']),
  delivered: timestampSchema.nullable(),
  request: feedAttemptSchema.shape.request.nullable(),
  response: feedAttemptSchema.shape.response.nullable(),
  attempts_detail: z.array(feedAttemptSchema),
});

export const myFeedsSchema = z.object({
  app_id: numericIdSchema,
  notifications_active: z.boolean(),
  messages: z.array(feedMessageSchema),
  paging: pagingSchema,
});

// `POST /applications/{id}/notifications/reactivate`.
export const notificationsReactivationSchema = z.object({
  application_id: numericIdSchema,
  notifications_active: z.literal(true),
  // Notifications waiting for delivery, due again at once.
  pending: z.number().int().nonnegative(),
});

export type FeedAttempt = z.infer<typeof feedAttemptSchema>;
export type FeedMessage = z.infer<typeof feedMessageSchema>;
export type MyFeeds = z.infer<typeof myFeedsSchema>;
export type NotificationsReactivation = z.infer<typeof notificationsReactivationSchema>;
