import { describe, expect, it } from 'vitest';
import { clone, issuePaths, issuesOf, readRealFixture } from './real-fixture.ts';
import { reviewSchema, reviewsPageSchema } from './reviews.ts';

type Json = Record<string, unknown>;
const fixture = (path: string) => clone(readRealFixture(path)) as Json;
const PAGING = { total: 92, offset: 0, limit: 5 };

describe('reviewsPageSchema', () => {
  it('refuses the docs examples for their elided paging (and rating levels)', () => {
    expect(
      issuesOf(reviewsPageSchema, fixture('reviews_item/ralvarezdev-mercadolibre-go-sdk-1.json')),
    ).toEqual({
      missing: ['paging.total', 'paging.offset', 'paging.limit'],
      wrong: [],
    });
    expect(
      issuesOf(reviewsPageSchema, fixture('reviews_item/ralvarezdev-mercadolibre-go-sdk-2.json')).missing,
    ).toEqual([
      'paging.total',
      'paging.offset',
      'paging.limit',
      'rating_levels.one_star',
      'rating_levels.two_star',
      'rating_levels.three_star',
      'rating_levels.four_star',
      'rating_levels.five_star',
    ]);
  });

  it('parses the docs example with a paging, keeping empty review entries', () => {
    const page = reviewsPageSchema.parse({
      ...fixture('reviews_item/ralvarezdev-mercadolibre-go-sdk-1.json'),
      paging: PAGING,
    });
    expect(page.reviews).toHaveLength(5);
    expect(page.reviews.filter((review) => 'id' in review)).toHaveLength(1);
    expect(page.rating_levels.five_star).toBe(80);
    expect(page.rating_average).toBe(4.8);
  });

  it('accepts helpful_reviews as an object or an array', () => {
    const page = { ...fixture('reviews_item/ralvarezdev-mercadolibre-go-sdk-1.json'), paging: PAGING };
    expect(reviewsPageSchema.safeParse({ ...page, helpful_reviews: [] }).success).toBe(true);
    expect(reviewsPageSchema.safeParse({ ...page, helpful_reviews: 'none' }).success).toBe(false);
  });

  it('rejects a half-filled review entry', () => {
    const page: Json = { ...fixture('reviews_item/ralvarezdev-mercadolibre-go-sdk-1.json'), paging: PAGING };
    (page.reviews as Json[])[0] = { id: 1, rate: 5 };
    expect(issuePaths(reviewsPageSchema.safeParse(page))).toEqual(['reviews.0']);
  });
});

describe('reviewSchema', () => {
  const review = () =>
    (fixture('reviews_item/ralvarezdev-mercadolibre-go-sdk-1.json').reviews as Json[])[2] as Json;

  it('parses a recorded review', () => {
    expect(reviewSchema.parse(review())).toMatchObject({ id: 41672915, rate: 5, status: 'published' });
  });

  it.each([0, 6, 4.5, '5'])('rejects rate %j', (rate) => {
    expect(issuePaths(reviewSchema.safeParse({ ...review(), rate }))).toEqual(['rate']);
  });

  it('rejects a date that is not ISO 8601', () => {
    expect(issuePaths(reviewSchema.safeParse({ ...review(), date_created: '08/06/2019' }))).toEqual([
      'date_created',
    ]);
  });
});
