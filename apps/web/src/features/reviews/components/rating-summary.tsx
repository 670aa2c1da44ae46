import type { ReviewsPage } from '@mostrador/contracts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Card } from '../../../ui/card.tsx';
import { RatingChart } from './rating-chart.tsx';
import { StarRating } from './star-rating.tsx';

/** The average rating as a number and stars, how many reviews, and how the ratings spread over five levels. */
export function RatingSummary({
  subject,
  average,
  total,
  levels,
}: {
  subject: string;
  average: number;
  total: number;
  levels: ReviewsPage['rating_levels'];
}) {
  const t = useT();
  return (
    <Card title={t('reviews.ratingSummary.rating')} heading="inline" data-testid="rating-summary">
      <div className="mb-4 flex items-end gap-3">
        <p
          className="text-3xl leading-none font-semibold tracking-tight text-ink tabular"
          data-testid="rating-average"
        >
          {average.toFixed(1)}
        </p>
        <div className="flex flex-col gap-1 pb-0.5">
          <StarRating value={average} className="text-base" />
          <p className="text-xs text-muted tabular">
            {total === 0
              ? t('reviews.ratingSummary.noReviewsYet')
              : t('reviews.ratingSummary.reviewCount', { count: total })}
          </p>
        </div>
      </div>
      <RatingChart levels={levels} subject={subject} />
    </Card>
  );
}
