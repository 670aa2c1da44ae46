import { createHash } from 'node:crypto';
import { errorBody, orderNotificationSchema } from '@mostrador/contracts';
import { readJsonBody } from '@mostrador/server-kit/http';
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
  /** Called after a notification is committed, with the user it is about (wakes the worker for that user's lane). */
  onQueued?: (userId: number) => void;
}

const refuse = (c: Context, status: 400 | 403, message: string, cause: unknown[] = []) => {
  const code = { 400: 'bad_request', 403: 'forbidden' } as const;
  return c.json(errorBody(code[status], { message, cause }), status);
};

export type Acceptance =
  | { ok: true; status: 'queued' | 'duplicate'; notificationId: string }
  | { ok: false; status: 400 | 403; message: string; cause: unknown[] };

/**
 * What the receiver does with a body once it knows who sent it: checks it is an order notification of our
 * application, stores it durably and wakes the worker. Support's redelivery (decision 0078) goes through here too.
 */
export async function acceptNotification(
  options: Pick<ReceiverOptions, 'queue' | 'applicationId' | 'now' | 'onQueued'>,
  value: unknown,
): Promise<Acceptance> {
  const parsed = bodySchema.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      message: 'the body is not an order notification',
      cause: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    };
  }
  const n = parsed.data;
  if (n.application_id !== options.applicationId) {
    return { ok: false, status: 403, message: 'the notification is for another application', cause: [] };
  }
  const changedAt = Date.parse(n.received);
  // Without an `_id`, the change itself (who, what, when the platform recorded it) names the notification.
  const notificationId =
    n._id ??
    `derived-${createHash('sha256').update(`${n.user_id}|${n.topic}|${n.resource}|${changedAt}`).digest('hex').slice(0, 32)}`;
  const outcome = await options.queue.receive(
    { notificationId, userId: n.user_id, topic: n.topic, resource: n.resource, changedAt },
    options.now(),
  );
  if (outcome !== 'duplicate') options.onQueued?.(n.user_id);
  return { ok: true, status: outcome === 'duplicate' ? 'duplicate' : 'queued', notificationId };
}

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
    const value = await readJsonBody(c, {
      maxBytes: MAX_BODY_BYTES,
      tooLargeMessage: `notification bodies are limited to ${MAX_BODY_BYTES} bytes`,
    });
    const accepted = await acceptNotification(options, value);
    if (!accepted.ok) return refuse(c, accepted.status, accepted.message, accepted.cause);
    return c.json({ status: accepted.status }, 200);
  });

  return app;
}
