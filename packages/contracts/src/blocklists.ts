import { z } from 'zod';
import { commonQueryShape, isoDateTimeSchema, numericIdSchema } from './common.ts';
import { pagingSchema } from './paging.ts';

// blocked_at is typed only as a string by spec 2.11 and recorded without milliseconds, so no timestampSchema.
export const blockedUserSchema = z.object({ id: numericIdSchema, blocked_at: isoDateTimeSchema });

export const blockSearchPageSchema = z.object({ users: z.array(blockedUserSchema), paging: pagingSchema });

export const blocklistEntrySchema = z.object({
  user: z.object({ id: numericIdSchema, blocked: z.boolean() }),
});

// `GET /users/{id}/order_blacklist` and `/questions_blacklist`: the body the real platform returns.
export const blocklistSchema = z.array(blocklistEntrySchema);

export const blockRequestSchema = z.strictObject({ user_id: numericIdSchema });

export const BLOCK_TYPES = ['blocked_by_questions', 'blocked_by_order'] as const;
export const blockTypeSchema = z.enum(BLOCK_TYPES);

const integerText = (min: number, max: number) =>
  z
    .string()
    .regex(/^(0|[1-9]\d*)$/, { error: 'expected a non-negative integer', abort: true })
    .refine(
      (value) => Number(value) >= min && Number(value) <= max,
      `expected an integer from ${min} to ${max}`,
    )
    .transform(Number);

// Raw query of `GET /block-api/search/users/{user_id}` (spec 4.3): limit defaults to 10, at most 1000.
export const blockSearchParamsSchema = z.strictObject({
  type: blockTypeSchema,
  user_blocked: integerText(1, Number.MAX_SAFE_INTEGER).optional(),
  'caller.id': z.string().regex(/^[1-9]\d*$/, 'expected a user id'),
  offset: integerText(0, Number.MAX_SAFE_INTEGER).default(0),
  limit: integerText(1, 1000).default(10),
  ...commonQueryShape,
});

export type BlockedUser = z.infer<typeof blockedUserSchema>;
export type BlockSearchPage = z.infer<typeof blockSearchPageSchema>;
export type BlocklistEntry = z.infer<typeof blocklistEntrySchema>;
export type Blocklist = z.infer<typeof blocklistSchema>;
export type BlockRequest = z.infer<typeof blockRequestSchema>;
export type BlockType = z.infer<typeof blockTypeSchema>;
export type BlockSearchParams = z.infer<typeof blockSearchParamsSchema>;
