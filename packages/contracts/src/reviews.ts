import { z } from 'zod';
import { isoDateTimeSchema, numericIdSchema } from './common.ts';
import { pagingSchema } from './paging.ts';

const count = z.number().int().nonnegative();

// The spec gives no types for the review dates; the recorded ones have no millisecond part.
export const reviewSchema = z.object({
  id: numericIdSchema,
  reviewable_object: z.looseObject({}),
  date_created: isoDateTimeSchema,
  status: z.string(),
  title: z.string(),
  content: z.string(),
  rate: z.number().int().min(1).max(5),
  valorization: z.number().int(),
  likes: count,
  dislikes: count,
  reviewer_id: z.number().int().nonnegative(),
  buying_date: isoDateTimeSchema,
  relevance: z.number(),
  forbidden_words: count,
  attributes: z.array(z.looseObject({})).optional(),
});

// `GET /reviews/item/{item_id}`: entries of `reviews` may be empty objects (spec 2.13).
export const reviewsPageSchema = z.object({
  paging: pagingSchema,
  reviews: z.array(z.union([reviewSchema, z.strictObject({})])),
  rating_average: z.number().min(0).max(5),
  rating_levels: z.object({
    one_star: count,
    two_star: count,
    three_star: count,
    four_star: count,
    five_star: count,
  }),
  // Recorded both as {} and as []: the spec does not type it.
  helpful_reviews: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  attributes: z.array(z.unknown()),
});

export type Review = z.infer<typeof reviewSchema>;
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;
