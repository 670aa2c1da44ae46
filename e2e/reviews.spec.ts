import { reviewsPageSchema } from '@mostrador/contracts';
import { expect, test } from './fixtures.ts';
import { screenshotBothThemes, signInAs } from './support/workspace-session.ts';

/** The browser logs the marketplace's 404 once; the page explained it, so it is expected here and nowhere else. */
function expectOneNotFound(pageErrors: string[]) {
  expect(pageErrors.splice(0)).toEqual([expect.stringContaining('404')]);
}

const LEVEL_KEYS = ['five_star', 'four_star', 'three_star', 'two_star', 'one_star'] as const;

test.describe('reviews', () => {
  test('pick a sold item: the average and the five bars match the API, pages move, a wrong catalog is explained', async ({
    page,
    pageErrors,
  }, testInfo) => {
    await signInAs(page, 'LOJA_PINHEIROS', '/reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    // The header's live updates announce their connection in the same live region: let that happen first.
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
    const picker = page.getByLabel('From your orders');
    await expect(picker).toBeEnabled();
    // The sold item with the most reviews, so the reviews take more than one page.
    const offered = (await picker
      .locator('option')
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
      )) as string[];
    const totals = await Promise.all(
      offered.map(async (id) => {
        const body = reviewsPageSchema.parse(
          await (await page.request.get(`/api/reviews/item/${id}?limit=1`)).json(),
        );
        return { id, total: body.paging.total };
      }),
    );
    const itemId = totals.sort((a, b) => b.total - a.total)[0]?.id;
    expect(itemId).toMatch(/^MLB\d+$/);
    await picker.selectOption(itemId ?? '');
    await expect(page).toHaveURL(new RegExp(`item=${itemId}`));
    await expect(page.getByLabel('Item id')).toHaveValue(itemId ?? '');

    const answer = reviewsPageSchema.parse(
      await (await page.request.get(`/api/reviews/item/${itemId}?limit=100`)).json(),
    );
    expect(answer.paging.total).toBeGreaterThan(0);
    await expect(page.getByTestId('rating-average')).toHaveText(answer.rating_average.toFixed(1));
    await expect(page.getByTestId('rating-summary')).toContainText(`${answer.paging.total} reviews`);
    await expect(page.getByTestId('live-region')).toHaveText(
      `${answer.paging.total} reviews, ${answer.rating_average.toFixed(1)} out of 5 on average.`,
    );

    // The chart's table, read by assistive technology, holds the API's five counts, five stars first.
    const table = page.getByRole('table', { name: `Reviews of ${itemId} by rating` });
    const counts = LEVEL_KEYS.map((key) => String(answer.rating_levels[key]));
    await expect(table.getByRole('row')).toHaveCount(6);
    for (const [index, count] of counts.entries()) {
      await expect(
        table
          .getByRole('row')
          .nth(index + 1)
          .getByRole('cell')
          .first(),
      ).toHaveText(count);
    }
    // The visible counts say the same, and the longest bar is the most common level.
    await expect(page.getByTestId('rating-count')).toHaveText(counts);
    const largest = Math.max(...LEVEL_KEYS.map((key) => answer.rating_levels[key]));
    const full = page.locator('[data-testid="rating-bar"][data-length="1"]');
    await expect(full.first()).toBeVisible();
    const fullStars = await full.evaluateAll((bars) =>
      bars.map((bar) => Number(bar.closest('[data-stars]')?.getAttribute('data-stars'))),
    );
    for (const stars of fullStars) {
      expect(answer.rating_levels[LEVEL_KEYS[5 - stars] ?? 'one_star']).toBe(largest);
    }

    // The first page is the API's most relevant reviews, in its order.
    const reviews = page.getByRole('list', { name: 'Reviews, most relevant first' });
    const firstTitles = answer.reviews.slice(0, 10).map((review) => ('title' in review ? review.title : ''));
    await expect(reviews.getByRole('heading', { level: 3 })).toHaveText(firstTitles);
    await screenshotBothThemes(page, 'reviews', (name) => testInfo.outputPath(name));

    expect(answer.paging.total).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/offset=10/);
    const secondTitles = answer.reviews
      .slice(10, 20)
      .map((review) => ('title' in review ? review.title : ''));
    await expect(reviews.getByRole('heading', { level: 3 })).toHaveText(secondTitles);
    await expect(page.getByRole('navigation', { name: 'Pages of reviews' })).toContainText(
      `11–${Math.min(20, answer.paging.total)} of ${answer.paging.total} reviews`,
    );

    // A catalog product the item is not opted into is explained, not a failure.
    await page.getByLabel('Catalog product (optional)').fill('mlb1');
    await page.getByRole('button', { name: 'Show reviews' }).click();
    await expect(page).toHaveURL(/catalog=MLB1/);
    await expect(page.getByRole('heading', { name: 'Not part of that catalog product' })).toBeVisible();
    expectOneNotFound(pageErrors);
    await page.getByRole('button', { name: 'Item’s own reviews' }).click();
    await expect(page.getByTestId('rating-average')).toHaveText(answer.rating_average.toFixed(1));
  });

  test('a typed id is checked before asking, and an unknown item says so', async ({ page, pageErrors }) => {
    await page.goto('/reviews');
    await page.getByLabel('Item id').fill('not an id');
    await page.getByRole('button', { name: 'Show reviews' }).click();
    await expect(page.getByLabel('Item id')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).not.toHaveURL(/item=/);
    await page.getByLabel('Item id').fill('mla999999999');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/item=MLA999999999/);
    await expect(page.getByRole('heading', { name: 'No such item' })).toBeVisible();
    expectOneNotFound(pageErrors);
  });
});
