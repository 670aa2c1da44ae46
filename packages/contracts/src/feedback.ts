import { z } from 'zod';
import { numericIdSchema, timestampSchema } from './common.ts';
import { feedbackRatingSchema } from './order-search-params.ts';

// The platform's documented reasons for an order that was not fulfilled, by who gives the feedback.
export const SELLER_FEEDBACK_REASONS = [
  'OUT_OF_STOCK',
  'BUYER_NOT_ENOUGH_MONEY',
  'BUYER_REGRETS',
  'SELLER_REGRETS',
  'BUYER_DID_NOT_ANSWER',
  'THEY_NOT_HONORING_POLICIES',
  'OTHER_MY_RESPONSIBILITY',
  'OTHER_THEIR_RESPONSIBILITY',
  'DUBIOUS_BUYER',
  'HIGH_ML_COMISSION',
  'HIGH_TAXES',
  'SELLER_HOLIDAY',
  'UNFRIENDLY_SHIPMENT_POLICY',
  'UNAVAILABLE_PRODUCT',
  'SELLER_ADDRESS_WITHDRAWAL',
  'WRONG_RECEIVER_ADDRESS',
  'HIGH_SHIPMENT_COST',
  'WRONG_SHIPMENT_COST',
  'UNPRINTED_LABEL',
  'UNWITHDRAWN_PRODUCT_BY_DELIVER_COMPANY',
  'DENIED_PACKAGE',
  'UNABLE_TO_READ_LABEL',
  'MANUFACTURING_PRODUCT_NOT_FINISHED',
  'SHIPMENT_PROBLEM_OTHER',
  'DELIVERY_COMPANY_PROBLEM_OTHER',
] as const;

export const BUYER_FEEDBACK_REASONS = [
  'OUT_OF_STOCK',
  'BUYER_PAID_BUT_DID_NOT_RECEIVE',
  'OTHER_MY_RESPONSIBILITY',
  'BUYER_REGRETS',
  'HIGH_SHIPMENT_COST',
  'SELLER_DID_NOT_ANSWER',
  'THEY_NOT_HONORING_POLICIES',
  'OTHER_THEIR_RESPONSIBILITY',
  'DESCRIPTION_DIDNT_MATCH_ARTICLE',
] as const;

export const FEEDBACK_MESSAGE_MAX = 160;
export const FEEDBACK_REPLY_WINDOW_DAYS = 14;

// One side's feedback, as embedded in an order and answered by the feedback operations.
export const feedbackSchema = z.object({
  id: numericIdSchema,
  date_created: timestampSchema,
  fulfilled: z.boolean(),
  rating: feedbackRatingSchema,
  reason: z.string().nullable(),
  message: z.string().nullable(),
  status: z.string(),
  reply: z.string().nullable(),
  reply_date: timestampSchema.nullable(),
});

// `GET /orders/{id}/feedback`: the buyer's (`purchase`) and the seller's (`sale`), each null until given.
export const orderFeedbackSchema = z.object({
  purchase: feedbackSchema.nullable(),
  sale: feedbackSchema.nullable(),
});

const text = (max: number) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .refine((s) => s.trim().length > 0, 'must not be blank');

// `POST /orders/{id}/feedback`. `reason` is required when `fulfilled` is false (the API answers
// `invalid_fulfilled`), and only a fulfilled order may be rated positive.
export const feedbackBodySchema = z
  .strictObject({
    fulfilled: z.boolean(),
    rating: feedbackRatingSchema,
    message: text(FEEDBACK_MESSAGE_MAX).optional(),
    reason: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.fulfilled && body.reason === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'reason is required when fulfilled is false',
      });
    if (body.fulfilled && body.reason !== undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reason is only for orders not fulfilled' });
    if (!body.fulfilled && body.rating === 'positive')
      ctx.addIssue({
        code: 'custom',
        path: ['rating'],
        message: 'an order not fulfilled cannot be rated positive',
      });
  });

// `POST /feedback/{feedback_id}/reply`.
export const feedbackReplyBodySchema = z.strictObject({ reply: text(FEEDBACK_MESSAGE_MAX) });

export type Feedback = z.infer<typeof feedbackSchema>;
export type OrderFeedback = z.infer<typeof orderFeedbackSchema>;
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;
export type FeedbackReplyBody = z.infer<typeof feedbackReplyBodySchema>;
