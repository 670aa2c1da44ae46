import { type Review, reviewsPageSchema } from '@mostrador/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { Random } from '../seed/random.ts';
import { generateReviews } from '../seed/reviews.ts';
import { expectError, SEED_NOW, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
let busiest: string;
beforeAll(async () => {
  api = await seededApi({ orders: 900 });
  const row = await api.store.db
    .selectFrom('reviews')
    .select(['item_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('item_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('item_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  busiest = row.item_id;
});

async function page(path: string) {
  const res = await api.get(path);
  expect(res.status, path).toBe(200);
  return reviewsPageSchema.parse(await res.json());
}

describe('GET /reviews/item/{item_id}', () => {
  it('pages five reviews by default, most relevant first, without a token', async () => {
    const first = await page(`/reviews/item/${busiest}`);
    expect(first.paging).toMatchObject({ offset: 0, limit: 5 });
    expect(first.paging.total).toBeGreaterThan(5);
    expect(first.reviews).toHaveLength(5);
    const relevance = (first.reviews as Review[]).map((r) => r.relevance);
    expect(relevance).toEqual([...relevance].sort((a, b) => b - a));
    const review = first.reviews[0] as Review;
    expect(review).toMatchObject({ status: 'published', reviewer_id: 0, reviewable_object: { id: busiest } });
    expect(review.date_created).toMatch(/\.\d{3}[+-]\d\d:\d\d$/);
    expect(Date.parse(review.buying_date)).toBeLessThan(Date.parse(review.date_created));
  });

  it('keeps rating_average and rating_levels consistent with every page', async () => {
    const first = await page(`/reviews/item/${busiest}?limit=3`);
    const all: Review[] = [];
    for (let offset = 0; offset < first.paging.total; offset += 3) {
      const p = await page(`/reviews/item/${busiest}?limit=3&offset=${offset}`);
      expect(p.rating_levels).toEqual(first.rating_levels);
      expect(p.rating_average).toBe(first.rating_average);
      all.push(...(p.reviews as Review[]));
    }
    expect(new Set(all.map((r) => r.id)).size).toBe(first.paging.total);
    const levels = [0, 0, 0, 0, 0];
    for (const r of all) levels[r.rate - 1]!++;
    expect(first.rating_levels).toEqual({
      one_star: levels[0],
      two_star: levels[1],
      three_star: levels[2],
      four_star: levels[3],
      five_star: levels[4],
    });
    const average = all.reduce((s, r) => s + r.rate, 0) / all.length;
    expect(first.rating_average).toBe(Math.round(average * 10) / 10);
  });

  it('answers an empty page past the end with the same totals', async () => {
    const first = await page(`/reviews/item/${busiest}`);
    const past = await page(`/reviews/item/${busiest}?offset=${first.paging.total}`);
    expect(past.reviews).toEqual([]);
    expect(past.paging.total).toBe(first.paging.total);
  });

  it('answers an item without reviews with zeroes', async () => {
    // Every seeded item sold enough to be reviewed: take one's reviews away.
    const item = await api.store.db
      .selectFrom('items')
      .select('id')
      .where('id', '!=', busiest)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await api.store.db.deleteFrom('reviews').where('item_id', '=', item.id).execute();
    const body = await page(`/reviews/item/${item.id}`);
    expect(body).toMatchObject({ paging: { total: 0 }, reviews: [], rating_average: 0 });
    expect(Object.values(body.rating_levels)).toEqual([0, 0, 0, 0, 0]);
  });

  it('reads the reviews of the catalog product an item is opted into', async () => {
    const opted = await api.store.db
      .selectFrom('catalog_items')
      .select(['item_id', 'catalog_product_id'])
      .orderBy('item_id')
      .executeTakeFirstOrThrow();
    const body = await page(
      `/reviews/item/${opted.item_id}?catalog_product_id=${opted.catalog_product_id}&limit=100`,
    );
    const stored = await api.store.db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('catalog_product_id', '=', opted.catalog_product_id)
      .executeTakeFirstOrThrow();
    expect(body.paging.total).toBe(Number(stored.n));
    for (const r of body.reviews as Review[]) {
      expect(r.reviewable_object).toEqual({ id: opted.catalog_product_id, type: 'product' });
    }
    const other = await api.get(`/reviews/item/${opted.item_id}?catalog_product_id=MLA1`);
    await expectError(other, 404, 'not_found');
  });

  it('answers 404 for an unknown item and 400 for malformed ids or paging', async () => {
    const unknown = await expectError(await api.get('/reviews/item/MLA1'), 404, 'not_found');
    expect(unknown.message).toBe('Item not found');
    for (const bad of ['mla123', 'MLA', 'MLA12x', '123']) {
      const body = await expectError(await api.get(`/reviews/item/${bad}`), 400, 'bad_request');
      expect(body.cause).toEqual([expect.objectContaining({ code: 'invalid_item_id' })]);
    }
    await expectError(await api.get(`/reviews/item/${busiest}?catalog_product_id=x`), 400, 'bad_request');
    await expectError(await api.get(`/reviews/item/${busiest}?limit=101`), 400, 'bad_request');
    await expectError(await api.get(`/reviews/item/${busiest}?limit=0`), 400, 'bad_request');
    await expectError(await api.get(`/reviews/item/${busiest}?offset=-1`), 400, 'bad_request');
  });

  it('answers OPTIONS', async () => {
    const res = await api.app.request(`/reviews/item/${busiest}`, { method: 'OPTIONS' });
    expect(await res.json()).toMatchObject({ name: 'Item reviews' });
  });
});

describe('generateReviews', () => {
  const items = [
    { id: 'MLB1', site_id: 'MLB', seller_id: 1, title: 'Fone', sold_quantity: 200 },
    { id: 'MLA2', site_id: 'MLA', seller_id: 1, title: 'Mate', sold_quantity: 200 },
  ];
  const users = [
    { id: 1, site_id: 'MLB' },
    { id: 2, site_id: 'MLB' },
    { id: 3, site_id: 'MLA' },
  ];

  it('is deterministic, in the site language, from buyers of the site', () => {
    const a = generateReviews(items, users, { seed: 3, now: SEED_NOW });
    expect(generateReviews(items, users, { seed: 3, now: SEED_NOW })).toEqual(a);
    expect(generateReviews(items, users, { seed: 4, now: SEED_NOW })).not.toEqual(a);
    const br = a.reviews.filter((r) => r.item_id === 'MLB1');
    expect(br.length).toBeGreaterThan(5);
    expect(br.every((r) => r.reviewer_id === 2)).toBe(true);
    expect(
      br.some((r) =>
        /produto|Recomendo|Perfeito|Excelente|Muito|Ruim|Não|Razoável|Regular|Boa/.test(r.title),
      ),
    ).toBe(true);
    expect(a.reviews.filter((r) => r.item_id === 'MLA2').every((r) => r.reviewer_id === 3)).toBe(true);
    expect(a.reviews.every((r) => r.date_created <= SEED_NOW && r.rate >= 1 && r.rate <= 5)).toBe(true);
    expect(new Random(1).next()).not.toBe(new Random(2).next());
  });
});
