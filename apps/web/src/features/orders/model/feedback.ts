import {
  BUYER_FEEDBACK_REASONS,
  type Feedback,
  type FeedbackBody,
  feedbackSchema,
  type PartialOrder,
  SELLER_FEEDBACK_REASONS,
} from '@mostrador/contracts';

function parseFeedback(value: unknown): Feedback | null {
  const parsed = feedbackSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The feedback of the order from where the account stands: what it gave (`mine`) and what the other side gave
 * (`theirs`), each null until given; null altogether when the answer could not include feedback.
 */
export function feedbackSides(
  order: Pick<PartialOrder, 'feedback'>,
  isSeller: boolean,
): { mine: Feedback | null; theirs: Feedback | null } | null {
  if (!('sale' in order.feedback)) return null;
  return {
    mine: parseFeedback(isSeller ? order.feedback.sale : order.feedback.purchase),
    theirs: parseFeedback(isSeller ? order.feedback.purchase : order.feedback.sale),
  };
}

/** The reasons a side may give for an order it says was not fulfilled. */
export const feedbackReasons = (isSeller: boolean) =>
  isSeller ? SELLER_FEEDBACK_REASONS : BUYER_FEEDBACK_REASONS;

export interface FeedbackDraft {
  fulfilled: boolean;
  rating: FeedbackBody['rating'];
  /** Empty: the first reason of the side's list. */
  reason: string;
  message: string;
}

/**
 * The body of `POST /orders/{id}/feedback` from the form: the message only when there is one, a reason only when
 * the order was not fulfilled (the side's first one unless another was chosen).
 */
export function feedbackBody(draft: FeedbackDraft, isSeller: boolean): FeedbackBody {
  const message = draft.message.trim();
  return {
    fulfilled: draft.fulfilled,
    rating: draft.rating,
    ...(message ? { message } : {}),
    ...(draft.fulfilled ? {} : { reason: draft.reason || feedbackReasons(isSeller)[0] }),
  };
}
