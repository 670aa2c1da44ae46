import { z } from 'zod';

// The reviews page's address, apart from the reviews' schemas: the dashboard checks it before the page's code loads.

// An item or catalog product id as the platform writes it (`MLA922971037`); typed ids are upper-cased first.
const itemLikeIdText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}\d{1,15}$/, 'expected a site code and digits, e.g. MLA922971037');

/** The reviews page's URL: which item, whether its catalog product's reviews are read instead, which page. */
export const reviewsViewSchema = z.object({
  item: itemLikeIdText.optional().catch(undefined),
  catalog: itemLikeIdText.optional().catch(undefined),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).catch(0),
});
export type ReviewsView = z.infer<typeof reviewsViewSchema>;
export const itemIdTextSchema = itemLikeIdText;
