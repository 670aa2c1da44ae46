import {
  BUYER_FEEDBACK_REASONS,
  FEEDBACK_REPLY_WINDOW_DAYS,
  feedbackBodySchema,
  feedbackReplyBodySchema,
  feedbackSchema,
  orderFeedbackSchema,
  SELLER_FEEDBACK_REASONS,
} from '@mostrador/contracts';
import { z } from 'zod';
import { renderFeedback } from '../domain/order-record.ts';
import type { Clock } from '../domain/time.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { requireCaller } from '../http/env.ts';
import { JSON_TYPE, json } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { actOnOrder } from '../http/operator-access.ts';
import { defineResource } from '../http/resources.ts';
import type { Caller } from '../oauth/token-repository.ts';
import { parseOrderId } from '../orders/order-id.ts';
import type { OrderRepository } from '../orders/order-repository.ts';
import type { OrderReadModel } from '../orders/read-model/index.ts';
import type { OperatorRepository } from '../users/operator-repository.ts';
import type { FeedbackRepository } from './feedback-repository.ts';

/** What an order's feedback needs. */
export interface FeedbackRoutesDeps {
  clock: Clock;
  feedback: FeedbackRepository;
  orders: OrderRepository;
  readModel: OrderReadModel;
  operators: OperatorRepository;
}

const DAY = 86_400_000;

function parseFeedbackId(raw: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw badRequest('invalid feedback id', [
      { code: 'invalid_feedback_id', message: 'a feedback id is a positive integer' },
    ]);
  }
  return Number(raw);
}

function sideOf(owners: { seller_id: number; buyer_id: number }, caller: Caller): 'seller' | 'buyer' {
  if (Number(owners.seller_id) === caller.userId) return 'seller';
  if (Number(owners.buyer_id) === caller.userId) return 'buyer';
  throw new ApiError('not_owned_order');
}

/** Spec 7.2: a `fulfilled` that is not a boolean, or a false one without `reason`, is `invalid_fulfilled`. */
function checkFulfilled(body: Record<string, unknown>) {
  if (typeof body.fulfilled !== 'boolean') throw new ApiError('invalid_fulfilled');
  if (body.fulfilled === false && (body.reason === undefined || body.reason === null)) {
    throw new ApiError('invalid_fulfilled', {
      cause: [{ code: 'missing_reason', message: 'reason is required when fulfilled is false' }],
    });
  }
}

function invalidBody(error: z.ZodError): ApiError {
  const causes = error.issues.map((i) => ({
    code: i.code === 'unrecognized_keys' ? 'unknown_field' : 'invalid_field',
    message: `${i.path.map(String).join('.') || 'body'}: ${
      i.code === 'unrecognized_keys' ? `unknown field(s) ${i.keys.join(', ')}` : i.message
    }`,
  }));
  return badRequest(causes[0]?.message ?? 'invalid body', causes);
}

const feedbackAttributes: Record<string, string> = {
  id: 'Feedback id.',
  date_created: 'When it was given.',
  fulfilled: 'Whether the order was fulfilled.',
  rating: 'positive, neutral or negative.',
  reason: 'Why the order was not fulfilled, or null.',
  message: 'Comment, at most 160 characters, or null.',
  status: 'active.',
  reply: 'The reply of the user who received it, or null.',
  reply_date: 'When it was replied to, or null.',
};

export const orderFeedback = defineResource({
  path: '/orders/{order_id}/feedback',
  name: 'Order feedback',
  description:
    'The feedback of an order: `purchase` (given by the buyer) and `sale` (given by the seller). The caller ' +
    "must be the order's seller or buyer; the caller's side decides which feedback a POST gives.",
  attributes: { purchase: 'The buyer’s feedback or null.', sale: 'The seller’s feedback or null.' },
  related_resources: ['/orders/{order_id}', '/feedback/{feedback_id}/reply'],
  connections: { order: '/orders/{order_id}', reply: '/feedback/{feedback_id}/reply' },
  methods: {
    GET: {
      example: '/orders/2000003508419013/feedback',
      description: 'Read both feedbacks of an order.',
      response: orderFeedbackSchema,
      auth: 'required',
      async handle(c, deps: FeedbackRoutesDeps) {
        const id = parseOrderId(c.req.param('order_id'));
        const caller = requireCaller(c.get('caller'));
        const row = await deps.readModel.findOrder(id, await c.var.storeVersion());
        if (!row) throw new ApiError('order_not_found');
        await actOnOrder(deps, caller, row, 'orders.read');
        return c.body(Buffer.from(row.feedback_doc).toString('utf8'), 200, JSON_TYPE);
      },
    },
    POST: {
      example: '/orders/2000003508419013/feedback',
      description:
        'Give your feedback: {fulfilled, rating, message?, reason?}. reason is required (and only allowed) when ' +
        'fulfilled is false, else invalid_fulfilled; a not fulfilled order cannot be rated positive. 201 with ' +
        'the feedback; 409 feedback_already_exists the second time.',
      body: feedbackBodySchema,
      response: feedbackSchema,
      status: 201,
      errors: [409],
      auth: 'required',
      async handle(c, deps: FeedbackRoutesDeps) {
        const id = parseOrderId(c.req.param('order_id'));
        const caller = requireCaller(c.get('caller'));
        const owners = await deps.orders.owners(id);
        if (!owners) throw new ApiError('order_not_found');
        const side = sideOf(owners, caller);
        const raw = await jsonBody(c, z.record(z.string(), z.unknown()));
        checkFulfilled(raw);
        const parsed = feedbackBodySchema.safeParse(raw);
        if (!parsed.success) throw invalidBody(parsed.error);
        const body = parsed.data;
        const reasons: readonly string[] =
          side === 'seller' ? SELLER_FEEDBACK_REASONS : BUYER_FEEDBACK_REASONS;
        if (body.reason !== undefined && !reasons.includes(body.reason)) {
          throw badRequest(`reason: not a reason a ${side} may give`, [
            {
              code: 'invalid_reason',
              message: `${body.reason.slice(0, 60)} is not among the documented reasons`,
            },
          ]);
        }
        const given = await deps.feedback.give(
          {
            orderId: id,
            role: side === 'seller' ? 'sale' : 'purchase',
            fromUserId: caller.userId,
            toUserId: Number(side === 'seller' ? owners.buyer_id : owners.seller_id),
            fulfilled: body.fulfilled,
            rating: body.rating,
            reason: body.reason ?? null,
            message: body.message ?? null,
          },
          deps.clock().getTime(),
        );
        if (given === 'exists') throw new ApiError('feedback_already_exists');
        return json(c, renderFeedback(given.feedback, given.offsetMinutes), 201);
      },
    },
  },
});

export const feedbackReply = defineResource({
  path: '/feedback/{feedback_id}/reply',
  name: 'Feedback reply',
  description:
    'The reply to a feedback, by the user who received it (or an operator of it with feedback.reply), within ' +
    '14 days of the feedback; one reply only.',
  attributes: feedbackAttributes,
  related_resources: ['/orders/{order_id}/feedback'],
  connections: { order_feedback: '/orders/{order_id}/feedback' },
  methods: {
    POST: {
      example: '/feedback/5040068160032/reply',
      description:
        'Reply: {"reply": "…"} (at most 160 characters). feedback_not_found, reply_time_expired after 14 days, ' +
        'reply_already_exists the second time. 201 with the feedback.',
      body: feedbackReplyBodySchema,
      response: feedbackSchema,
      status: 201,
      errors: [409],
      auth: 'required',
      async handle(c, deps: FeedbackRoutesDeps) {
        const id = parseFeedbackId(c.req.param('feedback_id'));
        const caller = requireCaller(c.get('caller'));
        const found = await deps.feedback.find(id);
        if (!found) throw new ApiError('feedback_not_found');
        // The receiver itself, or a member of its team with `feedback.reply` (decision 0100).
        const acting = await actOnOrder(
          deps,
          caller,
          { seller_id: found.sellerId, buyer_id: found.buyerId },
          'feedback.reply',
        );
        if (found.record.toUserId !== acting.userId) {
          throw new ApiError('forbidden', {
            message: 'Only the user who received the feedback can reply to it.',
          });
        }
        const { reply } = await jsonBody(c, feedbackReplyBodySchema);
        if (found.record.reply !== null) throw new ApiError('reply_already_exists');
        const now = deps.clock().getTime();
        if (now - found.record.dateCreated > FEEDBACK_REPLY_WINDOW_DAYS * DAY)
          throw new ApiError('reply_time_expired');
        const replied = await deps.feedback.reply(id, reply, now);
        if (replied === 'exists') throw new ApiError('reply_already_exists');
        return json(c, renderFeedback(replied.feedback, replied.offsetMinutes), 201);
      },
    },
  },
});
