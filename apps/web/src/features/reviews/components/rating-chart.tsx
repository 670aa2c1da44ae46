import { useT } from '../../../lib/i18n/use-t.tsx';
import { type RatingLevels, ratingBars, wholePercentages } from '../model/rating-levels.ts';

export interface RatingChartProps {
  levels: RatingLevels;
  /** What the reviews are of, for the table's caption ("MLA800031687"). */
  subject: string;
}

/**
 * Five horizontal bars, one per rating level, five stars first. The bars are drawn with SVG (no inline styles, so
 * the page's style policy holds) and hidden from assistive technology, which reads the same numbers from a table.
 * Counts and shares are printed beside each bar, so nothing depends on reading a length.
 */
export function RatingChart({ levels, subject }: RatingChartProps) {
  const t = useT();
  const bars = ratingBars(levels);
  const percentages = wholePercentages(bars);
  return (
    <div className="flex flex-col gap-2" data-testid="rating-chart">
      <div aria-hidden="true" className="flex flex-col gap-1.5">
        {bars.map((bar, index) => (
          <div
            key={bar.stars}
            className="grid grid-cols-[3.25rem_minmax(0,1fr)_2.5rem_2.75rem] items-center gap-2.5 text-body"
            data-stars={bar.stars}
          >
            <span className="whitespace-nowrap text-muted tabular">
              {bar.stars} {bar.stars === 1 ? t('reviews.ratingChart.star') : t('reviews.ratingChart.stars')}
            </span>
            <svg className="h-2 w-full" focusable="false" aria-hidden="true">
              <rect x="0" y="0" width="100%" height="100%" rx="4" className="fill-subtle" />
              {bar.length > 0 ? (
                <rect
                  x="0"
                  y="0"
                  width={`${Math.max(bar.length * 100, 2).toFixed(2)}%`}
                  height="100%"
                  rx="4"
                  className="fill-accent"
                  data-testid="rating-bar"
                  data-length={bar.length}
                />
              ) : null}
            </svg>
            <span className="text-right text-ink tabular" data-testid="rating-count">
              {bar.count}
            </span>
            <span className="text-right text-faint tabular">{percentages[index]}%</span>
          </div>
        ))}
      </div>
      <table className="sr-only">
        <caption>{t('reviews.ratingChart.reviewsOfByRating', { subject })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reviews.ratingChart.rating')}</th>
            <th scope="col">{t('reviews.ratingChart.reviews')}</th>
            <th scope="col">{t('reviews.ratingChart.share')}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar, index) => (
            <tr key={bar.stars}>
              <th scope="row">
                {bar.stars} {bar.stars === 1 ? t('reviews.ratingChart.star') : t('reviews.ratingChart.stars')}
              </th>
              <td>{bar.count}</td>
              <td>{percentages[index]}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
