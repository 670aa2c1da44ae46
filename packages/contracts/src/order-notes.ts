import { z } from 'zod';
import { numericIdSchema } from './common.ts';
import { isPrintable } from './printable-text.ts';

// The team's internal notes on an order (decision 0181): kept by the BFF for the seller account, written by the
// seller or an operator acting for it, never shown to the buyer nor sent to the marketplace.

export const ORDER_NOTE_MAX_LENGTH = 1000;

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

/** `GET /bff/orders/{order_id}/notes`: oldest first. */
export const orderNoteListSchema = z.object({ notes: z.array(orderNoteSchema) });
export type OrderNoteList = z.infer<typeof orderNoteListSchema>;

/** `GET /bff/platform`: whether the dashboard runs with the embedded marketplace (local use) or a remote one. */
export const platformInfoSchema = z.strictObject({ embedded: z.boolean() });
export type PlatformInfo = z.infer<typeof platformInfoSchema>;
