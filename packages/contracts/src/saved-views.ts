import { z } from 'zod';
import { numericIdSchema } from './common.ts';
import { ORDER_SEARCH_PARAM_KEYS, orderSearchUrlSchema } from './order-search-params.ts';
import { isPrintable } from './printable-text.ts';

// Saved views of the order list (decision 0193): kept by the BFF per seller account, shared by the team acting for
// it. A view is the list's filters and sort (never the page nor whose orders: the account is the session's), and
// the columns shown.

export const SAVED_VIEW_NAME_MAX_LENGTH = 60;
export const SAVED_VIEWS_MAX = 50;
const COLUMNS_MAX = 20;

// The list's own keys: the API's search parameters less the account and the page, and which side is looked at.
const SEARCH_KEYS = new Set<string>([
  ...ORDER_SEARCH_PARAM_KEYS.filter((key) => !['seller', 'buyer', 'offset'].includes(key)),
  'side',
]);

export const savedViewNameSchema = z
  .string()
  .min(1, 'name must not be empty')
  .max(SAVED_VIEW_NAME_MAX_LENGTH, `name must be at most ${SAVED_VIEW_NAME_MAX_LENGTH} characters`)
  .refine((name) => name === name.trim() && name !== '', 'name must not start or end with spaces')
  .refine((name) => isPrintable(name), 'name must not contain control or invisible characters');

/** The order list's search of a view: the same checks as the list's URL, unknown keys refused. */
export const savedViewSearchSchema = z
  .record(z.string(), z.string().min(1).max(500))
  .superRefine((search, ctx) => {
    for (const key of Object.keys(search)) {
      if (!SEARCH_KEYS.has(key))
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is not a filter` });
    }
    const { side, ...rest } = search;
    if (side !== undefined && side !== 'seller' && side !== 'buyer') {
      ctx.addIssue({ code: 'custom', path: ['side'], message: 'side must be seller or buyer' });
    }
    const checked = orderSearchUrlSchema.safeParse(rest);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    }
  });

const columnsSchema = z
  .array(z.string().regex(/^[a-z][a-z_]{0,39}$/, 'columns are ids such as buyer or total'))
  .max(COLUMNS_MAX)
  .refine((columns) => new Set(columns).size === columns.length, 'columns must not repeat');

/** `POST /bff/saved-views`: a view to keep; one of the same name (whatever its case) is replaced. */
export const savedViewWriteSchema = z.strictObject({
  name: savedViewNameSchema,
  search: savedViewSearchSchema,
  columns: columnsSchema.optional(),
});
export type SavedViewWrite = z.infer<typeof savedViewWriteSchema>;

/** `POST /bff/saved-views/import`: the views one browser kept before they were kept here; names already kept stay. */
export const savedViewImportSchema = z.strictObject({
  views: z.array(savedViewWriteSchema).max(SAVED_VIEWS_MAX),
});

export const savedViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  search: z.record(z.string(), z.string()),
  columns: z.array(z.string()).nullable(),
  updated_by: z.object({ user_id: numericIdSchema, nickname: z.string() }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** `GET /bff/saved-views`: the account's views, oldest first. */
export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) });
