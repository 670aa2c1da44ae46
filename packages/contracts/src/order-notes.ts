import { z } from 'zod';
import { idTextSchema, numericIdSchema } from './common.ts';
import { isPrintable } from './printable-text.ts';

// The team's internal notes on an order (decision 0181): kept by the BFF for the seller account, written by the
// seller or an operator acting for it, never shown to the buyer nor sent to the marketplace.

export const ORDER_NOTE_MAX_LENGTH = 1000;
/** Notes one order keeps at most (decision 0257): past it a new note is refused with 409 `order_notes_full`. */
export const ORDER_NOTES_MAX = 100;
/** Notes in one page of `GET /bff/orders/{order_id}/notes`, unless `limit` asks for fewer or more. */
export const ORDER_NOTES_PAGE = 20;
export const ORDER_NOTES_PAGE_MAX = 100;

/** `POST /bff/orders/{order_id}/notes`: the body. Refused, never trimmed or cut, when it does not fit. */
export const orderNoteWriteSchema = z.strictObject({
  text: z
    .string()
    .max(ORDER_NOTE_MAX_LENGTH, `the note must be at most ${ORDER_NOTE_MAX_LENGTH} characters`)
    .refine((text) => text.trim().length > 0, 'the note must not be blank')
    .refine(
      (text) => isPrintable(text, { lineBreaks: true }),
      'the note must be printable text (line breaks are fine)',
    ),
});
export type OrderNoteWrite = z.infer<typeof orderNoteWriteSchema>;

export const orderNoteSchema = z.object({
  id: numericIdSchema,
  order_id: numericIdSchema,
  seller_id: numericIdSchema,
  text: z.string(),
  author: z.object({ user_id: numericIdSchema, nickname: z.string() }),
  created_at: z.iso.datetime({ offset: true }),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

/** `GET /bff/orders/{order_id}/notes?before=&limit=`: a page of the order's notes, older than note `before`. */
export const orderNotesQuerySchema = z.strictObject({
  before: idTextSchema.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'expected a whole number', abort: true })
    .transform(Number)
    .pipe(z.number().int().min(1).max(ORDER_NOTES_PAGE_MAX))
    .default(ORDER_NOTES_PAGE),
});

/**
 * `GET /bff/orders/{order_id}/notes`: a page of notes, newest first; `next_before` asks for the next (older) page,
 * null when there is none.
 */
export const orderNoteListSchema = z.object({
  notes: z.array(orderNoteSchema),
  next_before: numericIdSchema.nullable(),
});
export type OrderNoteList = z.infer<typeof orderNoteListSchema>;

/** `GET /bff/platform`: whether the dashboard runs with the embedded marketplace (local use) or a remote one. */
export const platformInfoSchema = z.strictObject({ embedded: z.boolean() });
export type PlatformInfo = z.infer<typeof platformInfoSchema>;
