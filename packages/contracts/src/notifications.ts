import { z } from 'zod';
import { numericIdSchema, timestampSchema } from './common.ts';

export const ORDER_NOTIFICATION_TOPICS = ['orders_v2', 'orders_feedback'] as const;
export const orderNotificationTopicSchema = z.enum(ORDER_NOTIFICATION_TOPICS);

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
  resource: z.string().regex(/^\/orders\/\d+$/, 'expected /orders/<order_id>'),
  topic: orderNotificationTopicSchema,
});

export type NotificationBody = z.infer<typeof notificationSchema>;
export type OrderNotification = z.infer<typeof orderNotificationSchema>;
export type OrderNotificationTopic = z.infer<typeof orderNotificationTopicSchema>;
