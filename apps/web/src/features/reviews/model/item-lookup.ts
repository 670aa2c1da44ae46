import { itemIdTextSchema, type ReviewsView } from '@mostrador/contracts';

/** Which of the typed ids is not an id. */
export interface ItemLookupProblems {
  item: boolean;
  catalog: boolean;
}

/**
 * The item (and optional catalog product) typed in the lookup, as the reviews to show from their first page; or
 * which of the two is not an id.
 */
export function lookupView(
  item: string,
  catalog: string,
): { view: Pick<ReviewsView, 'item' | 'catalog' | 'offset'> } | { problems: ItemLookupProblems } {
  const itemId = itemIdTextSchema.safeParse(item);
  const catalogId = catalog.trim() ? itemIdTextSchema.safeParse(catalog) : null;
  if (itemId.success && (!catalogId || catalogId.success)) {
    return { view: { item: itemId.data, catalog: catalogId?.data, offset: 0 } };
  }
  return { problems: { item: !itemId.success, catalog: catalogId !== null && !catalogId.success } };
}
