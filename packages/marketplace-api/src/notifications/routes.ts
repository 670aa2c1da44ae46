import { myFeedsSchema, notificationsReactivationSchema } from '@mostrador/contracts';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Clock } from '../domain/time.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { type ApiEnv, requireCaller } from '../http/env.ts';
import { json } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { parsePaging } from '../http/paging.ts';
import { defineResource } from '../http/resources.ts';
import { parseApplicationId } from '../http/user-params.ts';
import type { OutboxRepository } from './outbox-repository.ts';

/** What the notification history needs. */
export interface NotificationRoutesDeps {
  clock: Clock;
  outbox: OutboxRepository;
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();
const FEED_LIMIT_MAX = 100;

/** Only the application's owner reads its feed or turns its notifications back on. */
async function ownApplication(
  deps: NotificationRoutesDeps,
  c: Context<ApiEnv>,
  raw: string | undefined,
  name: 'app_id' | 'application_id',
) {
  const caller = requireCaller(c.get('caller'));
  if (raw === undefined || raw === '') {
    throw badRequest(`${name} is required`, [{ code: 'missing_parameter', message: `${name} is required` }]);
  }
  const id = parseApplicationId(raw, name);
  const application = await deps.outbox.application(id);
  if (!application) throw new ApiError('not_found', { message: 'Application not found' });
  if (application.ownerUserId !== caller.userId) {
    throw new ApiError('forbidden', { message: 'only the application’s owner may use this resource' });
  }
  return application;
}

export const myFeeds = defineResource({
  path: '/myfeeds',
  name: 'Notification history',
  description:
    'Spec 6.6: the notifications of an application, newest first, each with every delivery attempt: the request ' +
    'sent (url, headers, body) and the answer’s status code and time. For the application’s owner.',
  attributes: {
    app_id: 'The application.',
    notifications_active: 'False after the eighth failed attempt of a notification, until reactivated.',
    messages:
      'Notifications: _id, resource, user_id, topic, application_id, attempts, sent, received, status, delivered, ' +
      'request and response of the last attempt, attempts_detail.',
    paging: 'total, offset and limit.',
  },
  related_resources: ['/applications/{application_id}/notifications/reactivate'],
  connections: { reactivate: '/applications/{application_id}/notifications/reactivate' },
  methods: {
    GET: {
      example: '/myfeeds?app_id=5503910054141466&limit=20',
      description: 'Read the history. limit default 50, at most 100. 403 for anyone but the owner.',
      query: {
        app_id: 'Application id (required).',
        offset: 'Default 0.',
        limit: 'Default 50, at most 100.',
      },
      response: myFeedsSchema,
      auth: 'required',
      async handle(c, deps: NotificationRoutesDeps) {
        const application = await ownApplication(deps, c, c.req.query('app_id'), 'app_id');
        const { offset, limit } = parsePaging(c.req.query(), {
          limit: 50,
          maxLimit: FEED_LIMIT_MAX,
          maxOffset: 10_000_000,
        });
        const feed = await deps.outbox.feed(application.id, { offset, limit });
        const messages = feed.rows.map(({ row, attempts }) => {
          const detail = attempts.map((a) => ({
            attempt: Number(a.attempt),
            sent: iso(a.sent),
            request: {
              url: a.url,
              headers: JSON.parse(a.request_headers) as Record<string, string | number>,
              data: a.request_body,
            },
            response: {
              req_time: Number(a.response_time_ms),
              http_code: a.http_code === null ? null : Number(a.http_code),
              error: a.error as 'timeout' | 'network_error' | 'invalid_callback' | null,
              body: a.response_body,
              headers: JSON.parse(a.response_headers) as Record<string, string>,
            },
          }));
          const last = detail.at(-1);
          return {
            _id: row.feed_id,
            resource: row.resource,
            user_id: Number(row.user_id),
            topic: row.topic,
            application_id: Number(row.application_id),
            attempts: Number(row.attempts),
            sent: last?.sent ?? iso(row.received),
            received: iso(row.received),
            status: row.delivered_at === null ? ('pending' as const) : ('delivered' as const),
            delivered: row.delivered_at === null ? null : iso(row.delivered_at),
            request: last?.request ?? null,
            response: last?.response ?? null,
            attempts_detail: detail,
          };
        });
        return json(c, {
          app_id: application.id,
          notifications_active: application.active,
          messages,
          paging: { total: feed.total, offset, limit },
        });
      },
    },
  },
});

export const notificationReactivation = defineResource({
  path: '/applications/{application_id}/notifications/reactivate',
  name: 'Notification reactivation',
  description:
    'Spec 6.3: notifications turned off after repeated failures are turned back on by hand. Every notification ' +
    'kept while they were off is due again at once, in order.',
  attributes: {
    application_id: 'The application.',
    notifications_active: 'true.',
    pending: 'Notifications waiting for delivery.',
  },
  related_resources: ['/myfeeds'],
  connections: { history: '/myfeeds' },
  methods: {
    POST: {
      example: '/applications/5503910054141466/notifications/reactivate',
      description: 'Reactivate (no body). 200; 403 for anyone but the owner; 404 for an unknown application.',
      response: notificationsReactivationSchema,
      auth: 'required',
      async handle(c, deps: NotificationRoutesDeps) {
        const application = await ownApplication(deps, c, c.req.param('application_id'), 'application_id');
        const length = c.req.header('content-length');
        if (
          (length !== undefined && length !== '0') ||
          (length === undefined && (await c.req.text()) !== '')
        ) {
          await jsonBody(c, z.strictObject({}));
        }
        const { pending } = await deps.outbox.reactivate(application.id, deps.clock().getTime());
        return json(c, { application_id: application.id, notifications_active: true as const, pending });
      },
    },
  },
});
