import { z } from 'zod';
import { idTextSchema, numericIdSchema } from './common.ts';
import { pagingSchema } from './paging.ts';
import { isPrintable } from './printable-text.ts';

// The BFF's own records about blocks (decision 0071): why a buyer was blocked, and who blocked or unblocked whom
// and when. The marketplace alone decides whether a buyer is blocked; these are never read for that.

/** The two blocklists of a seller: `order` (may not buy) and `questions` (may not ask). */
export const BLOCK_LISTS = ['order', 'questions'] as const;
export const blockListSchema = z.enum(BLOCK_LISTS);
export type BlockList = z.infer<typeof blockListSchema>;

/** The block-search `type` of each list. */
export const BLOCK_SEARCH_TYPE = {
  order: 'blocked_by_order',
  questions: 'blocked_by_questions',
} as const satisfies Record<BlockList, string>;

export const BLOCK_REASONS = [
  'non_payment',
  'abusive_messages',
  'fraud_suspicion',
  'repeated_cancellations',
  'other',
] as const;
export const blockReasonSchema = z.enum(BLOCK_REASONS);
export type BlockReason = z.infer<typeof blockReasonSchema>;

export const BLOCK_NOTE_MAX_LENGTH = 500;
/**
 * Block notes one account keeps at most, both lists together (decision 0257): past it a note about another buyer
 * is refused with 409 `block_notes_full`; those it keeps can still be rewritten.
 */
export const BLOCK_NOTES_MAX = 5000;

const actorSchema = z.object({ user_id: numericIdSchema, nickname: z.string() });

/** `PUT /bff/block-notes/{list}/{buyer_id}`: the body. */
export const blockNoteWriteSchema = z.strictObject({
  reason: blockReasonSchema,
  note: z
    .string()
    .max(BLOCK_NOTE_MAX_LENGTH, `the note must be at most ${BLOCK_NOTE_MAX_LENGTH} characters`)
    .refine(
      (note) => isPrintable(note, { lineBreaks: true }),
      'the note must be printable text (line breaks are fine)',
    )
    .default(''),
});
export type BlockNoteWrite = z.input<typeof blockNoteWriteSchema>;

export const blockNoteSchema = z.object({
  seller_id: numericIdSchema,
  buyer_id: numericIdSchema,
  list: blockListSchema,
  reason: blockReasonSchema,
  note: z.string(),
  updated_by: actorSchema,
  updated_at: z.iso.datetime({ offset: true }),
});
export type BlockNote = z.infer<typeof blockNoteSchema>;

/** `GET /bff/block-notes?list=&buyer_ids=1,2`: the notes the seller keeps about those buyers. */
export const blockNoteListSchema = z.object({ notes: z.array(blockNoteSchema) });

export const blockNotesQuerySchema = z.strictObject({
  list: blockListSchema,
  buyer_ids: z
    .string()
    .regex(/^[1-9]\d{0,15}(,[1-9]\d{0,15}){0,99}$/, {
      error: 'expected up to 100 comma-separated user ids',
      abort: true,
    })
    .transform((value) => value.split(','))
    .pipe(z.array(idTextSchema))
    .transform((ids) => [...new Set(ids)]),
});

export const blockAuditEntrySchema = z.object({
  id: numericIdSchema,
  seller_id: numericIdSchema,
  buyer_id: numericIdSchema,
  list: blockListSchema,
  action: z.enum(['blocked', 'unblocked']),
  actor: actorSchema,
  at: z.iso.datetime({ offset: true }),
});
export type BlockAuditEntry = z.infer<typeof blockAuditEntrySchema>;

/** `GET /bff/block-audit?list=&buyer_id=&offset=&limit=`: newest first. */
export const blockAuditPageSchema = z.object({
  entries: z.array(blockAuditEntrySchema),
  paging: pagingSchema,
});
export type BlockAuditPage = z.infer<typeof blockAuditPageSchema>;

const pageNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'expected a non-negative integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback);

export const blockAuditQuerySchema = z.strictObject({
  list: blockListSchema.optional(),
  buyer_id: idTextSchema.optional(),
  offset: pageNumber(0, 1_000_000, 0),
  limit: pageNumber(1, 100, 20),
});

/** The blocked-buyers workspace's URL: which list, which buyer the search is narrowed to, which pages. */
export const blockedBuyersViewSchema = z.object({
  list: blockListSchema.default('order').catch('order'),
  // Coerced: a hand-typed address may carry a number as text.
  buyer: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).catch(0),
  audit: z.coerce.number().int().min(0).max(1_000_000).default(0).catch(0),
});
export type BlockedBuyersView = z.infer<typeof blockedBuyersViewSchema>;
