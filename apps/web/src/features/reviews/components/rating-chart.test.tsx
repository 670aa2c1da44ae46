// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInEnglish } from '../../../test-support/render.tsx';
import { RatingChart } from './rating-chart.tsx';

afterEach(cleanup);

describe('RatingChart', () => {
  it('reads the five levels from a table and scales the bars to the most common level', () => {
    const { container } = renderInEnglish(
      <RatingChart
        subject="MLA800031687"
        levels={{ one_star: 1, two_star: 0, three_star: 1, four_star: 2, five_star: 4 }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Reviews of MLA800031687 by rating' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '5 stars450%',
      '4 stars225%',
      '3 stars113%',
      '2 stars00%',
      '1 star112%',
    ]);
    const bars = [...container.querySelectorAll('[data-testid="rating-bar"]')];
    // No bar for an empty level; the longest fills the track.
    expect(bars.map((bar) => bar.getAttribute('width'))).toEqual(['100.00%', '50.00%', '25.00%', '25.00%']);
    // The drawing is for the eyes only: assistive technology reads the table.
    expect(container.querySelector('[aria-hidden="true"]')?.contains(bars[0] ?? null)).toBe(true);
  });
});
