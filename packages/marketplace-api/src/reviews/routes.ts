import { reviewsPageSchema } from '@mostrador/contracts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { json } from '../http/json-answer.ts';
import { parsePaging } from '../http/paging.ts';
import { defineResource } from '../http/resources.ts';
import type { ReviewRepository, ReviewScope } from './review-repository.ts';

/** What item reviews need. */
export interface ReviewRoutesDeps {
  reviews: ReviewRepository;
}

const ITEM_ID = /^[A-Z]{3}\d{1,15}$/;

/** Both recorded answers carry five entries: the platform's page size. */
export const REVIEWS_DEFAULT_LIMIT = 5;
export const REVIEWS_MAX_LIMIT = 100;

function itemLikeId(raw: string, name: 'item_id' | 'catalog_product_id'): string {
  if (!ITEM_ID.test(raw)) {
    throw badRequest(`invalid ${name}`, [
      { code: `invalid_${name}`, message: `${name} is a site code and digits, e.g. MLA922971037` },
    ]);
  }
  return raw;
}

export const itemReviews = defineResource({
  path: '/reviews/item/{item_id}',
  name: 'Item reviews',
  description:
    'Reviews and star ratings of an item, most relevant first. With catalog_product_id, the reviews of the ' +
    'catalog product the item is opted into. Public.',
  attributes: {
    paging: `total, offset and limit (default ${REVIEWS_DEFAULT_LIMIT}, at most ${REVIEWS_MAX_LIMIT}).`,
    reviews:
      'Reviews: id, reviewable_object, date_created, status, title, content, rate (1 to 5), valorization, ' +
      'likes, dislikes, reviewer_id (always 0), buying_date, relevance, forbidden_words, attributes.',
    rating_average: 'Average of every review of the item (not only this page), one decimal.',
    rating_levels: 'Count of reviews per star: one_star … five_star.',
    helpful_reviews: 'A list (empty), as the platform answers it.',
    attributes: 'Reserved.',
  },
  related_resources: [],
  connections: {},
  methods: {
    GET: {
      example: '/reviews/item/MLB1625519814?limit=5&offset=0',
      description: 'Read the reviews of an item. 404 for an unknown item, 400 for a malformed id.',
      query: {
        catalog_product_id: 'Catalog product the item is opted into.',
        offset: 'Default 0.',
        limit: `Default ${REVIEWS_DEFAULT_LIMIT}, at most ${REVIEWS_MAX_LIMIT}.`,
      },
      response: reviewsPageSchema,
      auth: 'none',
      async handle(c, deps: ReviewRoutesDeps) {
        const itemId = itemLikeId(c.req.param('item_id'), 'item_id');
        const rawCatalog = c.req.query('catalog_product_id');
        const catalogProductId =
          rawCatalog === undefined ? null : itemLikeId(rawCatalog, 'catalog_product_id');
        const paging = parsePaging(c.req.query(), {
          limit: REVIEWS_DEFAULT_LIMIT,
          maxLimit: REVIEWS_MAX_LIMIT,
        });
        const item = await deps.reviews.item(itemId);
        if (!item) throw new ApiError('not_found', { message: 'Item not found' });
        let scope: ReviewScope = { itemId };
        if (catalogProductId !== null) {
          if ((await deps.reviews.catalogProductOf(itemId)) !== catalogProductId) {
            throw new ApiError('not_found', {
              message: `Item ${itemId} is not opted into catalog product ${catalogProductId}`,
            });
          }
          scope = { catalogProductId };
        }
        const [reviews, summary] = await Promise.all([
          deps.reviews.page(scope, paging.offset, paging.limit),
          deps.reviews.levels(scope),
        ]);
        return json(c, {
          paging: { total: summary.total, offset: paging.offset, limit: paging.limit },
          reviews,
          rating_average: summary.average,
          rating_levels: summary.levels,
          helpful_reviews: [],
          attributes: [],
        });
      },
    },
  },
});
