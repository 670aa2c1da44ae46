import type { Review } from '@mostrador/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isoAt } from '../domain/time.ts';

export type ReviewScope = { itemId: string } | { catalogProductId: string };

export type RatingLevels = {
  one_star: number;
  two_star: number;
  three_star: number;
  four_star: number;
  five_star: number;
};

const LEVEL_NAMES = ['one_star', 'two_star', 'three_star', 'four_star', 'five_star'] as const;

/** Item reviews (spec 2.13): pages by relevance, and the star tally over every review of the scope. */
export function createReviewRepository(db: Kysely<Database>) {
  const scoped = (scope: ReviewScope) =>
    'itemId' in scope
      ? db.selectFrom('reviews').where('reviews.item_id', '=', scope.itemId)
      : db.selectFrom('reviews').where('reviews.catalog_product_id', '=', scope.catalogProductId);

  return {
    async item(id: string) {
      return db.selectFrom('items').select(['id', 'site_id']).where('id', '=', id).executeTakeFirst();
    },

    async catalogProductOf(itemId: string): Promise<string | null> {
      const row = await db
        .selectFrom('catalog_items')
        .select('catalog_product_id')
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return row?.catalog_product_id ?? null;
    },

    async page(scope: ReviewScope, offset: number, limit: number): Promise<Review[]> {
      const rows = await scoped(scope)
        .innerJoin('sites', 'sites.id', 'reviews.site_id')
        .selectAll('reviews')
        .select('sites.utc_offset_minutes')
        .orderBy('reviews.relevance', 'desc')
        .orderBy('reviews.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        reviewable_object:
          'itemId' in scope ? { id: r.item_id, type: 'item' } : { id: r.catalog_product_id, type: 'product' },
        date_created: isoAt(Number(r.date_created), r.utc_offset_minutes),
        status: r.status,
        title: r.title,
        content: r.content,
        rate: r.rate,
        valorization: r.valorization,
        likes: r.likes,
        dislikes: r.dislikes,
        // The platform obfuscates the reviewer in every answer; so do we.
        reviewer_id: 0,
        buying_date: isoAt(Number(r.buying_date), r.utc_offset_minutes),
        relevance: r.relevance,
        forbidden_words: r.forbidden_words,
        attributes: [],
      }));
    },

    async levels(scope: ReviewScope): Promise<{ total: number; levels: RatingLevels; average: number }> {
      const rows = await scoped(scope)
        .select(['reviews.rate', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('reviews.rate')
        .execute();
      const levels: RatingLevels = { one_star: 0, two_star: 0, three_star: 0, four_star: 0, five_star: 0 };
      let total = 0;
      let stars = 0;
      for (const row of rows) {
        const name = LEVEL_NAMES[row.rate - 1];
        if (!name) continue;
        const n = Number(row.n);
        levels[name] = n;
        total += n;
        stars += n * row.rate;
      }
      // One decimal, as the platform shows it (4.8).
      const average = total === 0 ? 0 : Math.round((stars / total) * 10) / 10;
      return { total, levels, average };
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
