import { describe, expect, it } from 'vitest';
import {
  BUYER_FEEDBACK_REASONS,
  feedbackBodySchema,
  feedbackReplyBodySchema,
  feedbackSchema,
  orderFeedbackSchema,
  SELLER_FEEDBACK_REASONS,
} from './feedback.ts';
import { issuePaths } from './real-fixture.ts';

const feedback = {
  id: 5040068160032,
  date_created: '2020-09-25T16:33:29.000-04:00',
  fulfilled: true,
  rating: 'positive',
  reason: null,
  message: null,
  status: 'active',
  reply: null,
  reply_date: null,
};

describe('feedbackSchema', () => {
  it('parses a feedback and an order with one side given', () => {
    expect(orderFeedbackSchema.parse({ purchase: null, sale: feedback }).sale?.id).toBe(5040068160032);
  });

  it('rejects an unknown rating and a date without milliseconds', () => {
    expect(issuePaths(feedbackSchema.safeParse({ ...feedback, rating: 'great' }))).toEqual(['rating']);
    expect(
      issuePaths(feedbackSchema.safeParse({ ...feedback, date_created: '2020-09-25T16:33:29-04:00' })),
    ).toEqual(['date_created']);
  });
});

describe('feedbackBodySchema', () => {
  it('accepts the documented bodies', () => {
    expect(feedbackBodySchema.safeParse({ fulfilled: true, rating: 'positive', message: 'ok' }).success).toBe(
      true,
    );
    expect(
      feedbackBodySchema.safeParse({ fulfilled: false, rating: 'neutral', reason: 'OUT_OF_STOCK' }).success,
    ).toBe(true);
  });

  it('requires reason exactly when fulfilled is false, and refuses positive for a failed order', () => {
    expect(issuePaths(feedbackBodySchema.safeParse({ fulfilled: false, rating: 'negative' }))).toEqual([
      'reason',
    ]);
    expect(
      issuePaths(
        feedbackBodySchema.safeParse({ fulfilled: true, rating: 'neutral', reason: 'OUT_OF_STOCK' }),
      ),
    ).toEqual(['reason']);
    expect(
      issuePaths(
        feedbackBodySchema.safeParse({ fulfilled: false, rating: 'positive', reason: 'OUT_OF_STOCK' }),
      ),
    ).toEqual(['rating']);
  });

  it('refuses unknown members, long or blank messages', () => {
    expect(feedbackBodySchema.safeParse({ fulfilled: true, rating: 'positive', extra: 1 }).success).toBe(
      false,
    );
    expect(
      feedbackBodySchema.safeParse({ fulfilled: true, rating: 'positive', message: 'x'.repeat(161) }).success,
    ).toBe(false);
    expect(feedbackBodySchema.safeParse({ fulfilled: true, rating: 'positive', message: ' ' }).success).toBe(
      false,
    );
  });

  it('lists the documented reasons of each side', () => {
    expect(SELLER_FEEDBACK_REASONS).toContain('BUYER_REGRETS');
    expect(BUYER_FEEDBACK_REASONS).toContain('BUYER_PAID_BUT_DID_NOT_RECEIVE');
    expect(SELLER_FEEDBACK_REASONS).not.toContain('BUYER_PAID_BUT_DID_NOT_RECEIVE');
  });
});

describe('feedbackReplyBodySchema', () => {
  it('takes one non-blank reply of at most 160 characters', () => {
    expect(feedbackReplyBodySchema.safeParse({ reply: 'Gracias' }).success).toBe(true);
    expect(feedbackReplyBodySchema.safeParse({ reply: '' }).success).toBe(false);
    expect(feedbackReplyBodySchema.safeParse({ reply: 'x'.repeat(161) }).success).toBe(false);
    expect(feedbackReplyBodySchema.safeParse({ reply: 'a', more: 1 }).success).toBe(false);
  });
});
