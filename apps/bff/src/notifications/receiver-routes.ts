import { createHash } from 'node:crypto';
import { errorBody, orderNotificationSchema } from '@mostrador/contracts';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { NotificationQueueRepository } from './notification-queue-repository.ts';
import { peerAddress, type SourceCheck, sourceAllowed } from './source-check.ts';

/** A notification body is a few hundred bytes; anything much larger is not one. */
const MAX_BODY_BYTES = 8 * 1024;

const bodySchema = orderNotificationSchema.extend({ _id: z.string().min(1).max(128).optional() });

export interface ReceiverOptions {
  queue: NotificationQueueRepository;
  /** Our application: a notification for another one is refused. */
  applicationId: number;
  sourceCheck: SourceCheck;
  sources?: readonly string[];
  /** The sender's address; the TCP peer by default. */
  remoteAddress?: (c: Context) => string | undefined;
  now: () => number;
  /** Called after a notification is committed (wakes the worker). */
  onQueued?: () => void;
}

const refuse = (c: Context, status: 400 | 403 | 413 | 415, message: string, cause: unknown[] = []) => {
  const code = {
    400: 'bad_request',
    403: 'forbidden',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
  } as const;
  return c.json(errorBody(code[status], { message, cause }), status);
};

/**
 * `POST /bff/notifications` (spec 6, decision 0051): checks who sent it and what it is, stores it durably and only
 * then answers 200. Nothing in the body is trusted beyond naming whom and which order to look at.
 */
export function receiverRoutes(options: ReceiverOptions) {
  const app = new Hono();
  const addressOf = options.remoteAddress ?? peerAddress;

  app.post('/notifications', async (c) => {
    if (!sourceAllowed(addressOf(c), options.sourceCheck, options.sources)) {
      return refuse(c, 403, 'notifications are accepted from the platform’s addresses only');
    }
    if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
      return refuse(c, 415, 'the body must be application/json');
    }
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
      return refuse(c, 413, `notification bodies are limited to ${MAX_BODY_BYTES} bytes`);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return refuse(c, 400, 'the body is not valid JSON');
    }
    const parsed = bodySchema.safeParse(value);
    if (!parsed.success) {
      return refuse(
        c,
        400,
        'the body is not an order notification',
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    }
    const n = parsed.data;
    if (n.application_id !== options.applicationId) {
      return refuse(c, 403, 'the notification is for another application');
    }
    const changedAt = Date.parse(n.received);
    const outcome = await options.queue.receive(
      {
        // Without an `_id`, the change itself (who, what, when the platform recorded it) names the notification.
        notificationId:
          n._id ??
          `derived-${createHash('sha256').update(`${n.user_id}|${n.topic}|${n.resource}|${changedAt}`).digest('hex').slice(0, 32)}`,
        userId: n.user_id,
        topic: n.topic,
        resource: n.resource,
        changedAt,
      },
      options.now(),
    );
    if (outcome !== 'duplicate') options.onQueued?.();
    return c.json({ status: outcome === 'duplicate' ? 'duplicate' : 'queued' }, 200);
  });

  return app;
}
