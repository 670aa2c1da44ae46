import type { Review } from '@mostrador/contracts';
import { cx } from '../../../lib/class-names.ts';
import { formatDate } from '../../../lib/format.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { cardClasses } from '../../../ui/card.tsx';
import { StarRating } from './star-rating.tsx';

/** One page of reviews, most relevant first; reviews the marketplace withholds are counted, not shown. */
export function ReviewList({
  reviews,
  locale,
  stale,
}: {
  reviews: readonly (Review | object)[];
  locale: string;
  stale: boolean;
}) {
  const t = useT();
  const shown = reviews.filter((review): review is Review => 'id' in review);
  return (
    <>
      <ol
        aria-label={t('reviews.reviewList.reviewsMostRelevantFirst')}
        aria-busy={stale || undefined}
        className={cardClasses(
          'raised',
          cx('flex flex-col divide-y divide-line shadow-xs', stale && 'opacity-60'),
        )}
      >
        {shown.map((review) => (
          <li key={review.id} className="flex flex-col gap-1.5 px-4 py-3.5">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StarRating value={review.rate} className="text-sm" />
              <h3 className="text-sm font-medium text-ink">{review.title}</h3>
              <time dateTime={review.date_created} className="ml-auto text-xs text-faint tabular">
                {formatDate(review.date_created, locale, { style: 'date' })}
              </time>
            </div>
            <p className="text-body leading-5 text-muted">{review.content}</p>
            <p className="text-xs text-faint tabular">
              {translate('reviews.reviewList.bought', {
                date: formatDate(review.buying_date, locale, { style: 'date' }),
              })}
              {review.likes + review.dislikes > 0
                ? translate('reviews.reviewList.foundItUsefulDid', {
                    likes: review.likes,
                    dislikes: review.dislikes,
                  })
                : ''}
            </p>
          </li>
        ))}
      </ol>
      {shown.length < reviews.length ? (
        <p className="mt-2 text-xs text-faint">
          {translate('reviews.reviewList.withheld', { count: reviews.length - shown.length })}
        </p>
      ) : null}
    </>
  );
}
