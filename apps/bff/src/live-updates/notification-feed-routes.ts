import { randomUUID } from 'node:crypto';
import {
  errorBody,
  exactId,
  NOTIFICATION_FEED_MAX_LIMIT,
  type NotificationFeed,
  type NotificationRedelivery,
  notificationFeedQuerySchema,
  REDELIVERY_ID_PREFIX,
} from '@mostrador/contracts';
import { Hono } from 'hono';
import { activeUserOf, type SessionEnv } from '../middleware/session.ts';
import type { FeedEntry, NotificationQueueRepository } from './notification-queue-repository.ts';
import { acceptNotification, type ReceiverOptions } from './receiver-routes.ts';

const PAGE = 30;
const iso = (ms: number) => new Date(ms).toISOString();

export interface NotificationFeedOptions {
  queue: Pick<NotificationQueueRepository, 'list' | 'entryOf'>;
  /** The receiver's own path, for support's redelivery. */
  receiver: Pick<ReceiverOptions, 'queue' | 'applicationId' | 'now' | 'onQueued'>;
  /** Redelivery is a local-use tool (decision 0078): elsewhere the route does not exist. */
  redeliver: boolean;
}

const toEntry = (e: FeedEntry): NotificationFeed['notifications'][number] => ({
  id: e.id,
  topic: e.topic as NotificationFeed['notifications'][number]['topic'],
  resource: e.resource,
  order_id: Number(e.resource.slice('/orders/'.length)),
  state: e.state,
  park_reason: e.parkReason,
  tries: e.tries,
  changed_at: iso(e.changedAt),
  arrived_at: iso(e.arrivedAt),
  finished_at: e.finishedAt === null ? null : iso(e.finishedAt),
  notification_ids: e.notificationIds,
  redelivery: e.notificationIds.some((id) => id.startsWith(REDELIVERY_ID_PREFIX)),
});

/**
 * `GET /bff/notifications` (decision 0077): the notifications that reached the BFF for the active account, newest
 * first; `POST /bff/notifications/{id}/redeliver` (decision 0078): one of them into the receiver again.
 */
export function notificationFeedRoutes(options: NotificationFeedOptions) {
  const app = new Hono<SessionEnv>();

  app.get('/notifications', async (c) => {
    const userId = await activeUserOf(c);
    if (userId === null) return c.json(errorBody('not_identified_user'), 401);
    const parsed = notificationFeedQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      return c.json(
        errorBody('bad_request', {
          message: `topic must be orders_v2 or orders_feedback, before an entry id, limit 1 to ${NOTIFICATION_FEED_MAX_LIMIT}`,
          cause: parsed.error.issues.map((issue) => ({
            code: 'invalid_parameter',
            message: `${issue.path.join('.') || 'query'}: ${issue.message}`,
          })),
        }),
        400,
      );
    }
    const limit = parsed.data.limit ?? PAGE;
    const entries = await options.queue.list(userId, {
      ...(parsed.data.topic ? { topic: parsed.data.topic } : {}),
      ...(parsed.data.before ? { before: parsed.data.before } : {}),
      limit,
    });
    const body: NotificationFeed = {
      notifications: entries.map(toEntry),
      next_before: entries.length === limit ? (entries.at(-1)?.id ?? null) : null,
    };
    return c.json(body);
  });

  app.post('/notifications/:id/redeliver', async (c) => {
    const notFound = () => c.json(errorBody('not_found', { message: 'No such notification' }), 404);
    if (!options.redeliver) return notFound();
    const userId = await activeUserOf(c);
    if (userId === null) return c.json(errorBody('not_identified_user'), 401);
    const id = exactId(c.req.param('id'));
    if (id === null)
      return c.json(errorBody('bad_request', { message: 'id must be a notification id' }), 400);
    const entry = await options.queue.entryOf(userId, id);
    if (!entry) return notFound();
    // The stored fields, as the platform would send them, under a fresh id that says where it came from.
    const sent = iso(options.receiver.now());
    const accepted = await acceptNotification(options.receiver, {
      _id: `${REDELIVERY_ID_PREFIX}${id}-${randomUUID()}`,
      resource: entry.resource,
      user_id: entry.userId,
      topic: entry.topic,
      application_id: options.receiver.applicationId,
      attempts: 1,
      sent,
      received: iso(entry.changedAt),
    });
    if (!accepted.ok) return c.json(errorBody('bad_request', { message: accepted.message }), 400);
    const body: NotificationRedelivery = {
      status: accepted.status,
      notification_id: accepted.notificationId,
    };
    return c.json(body);
  });

  return app;
}
