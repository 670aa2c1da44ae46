import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiClientError } from '../../../lib/api-client.ts';
import { localeForSite } from '../../../lib/format.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { StarIcon } from '../../../ui/icons.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { itemReviewsQueryOptions, REVIEWS_PAGE_SIZE } from '../api/get-item-reviews.ts';
import { ItemLookup, type ItemLookupProps } from './item-lookup.tsx';
import { RatingSummary } from './rating-summary.tsx';
import { ReviewList } from './review-list.tsx';

export type ReviewsWorkspaceProps = ItemLookupProps;

const DASHED = 'rounded-lg border border-dashed border-line-strong';

/** An item's rating summary, its five rating levels as a chart, and its reviews page by page. */
export function ReviewsWorkspace({ seller, view, onViewChange }: ReviewsWorkspaceProps) {
  const t = useT();
  const announce = useAnnounce();
  const reviews = useQuery({
    ...itemReviewsQueryOptions({
      itemId: view.item ?? '',
      offset: view.offset,
      ...(view.catalog ? { catalogProductId: view.catalog } : {}),
    }),
    enabled: view.item !== undefined,
  });
  const page = reviews.isPlaceholderData ? undefined : reviews.data;
  const locale = localeForSite(view.item?.slice(0, 3) ?? seller?.siteId ?? '');
  const subject = view.catalog ? `catalog product ${view.catalog}` : view.item;
  // The marketplace answers 404 (or 400) for an item it does not have: an answer to explain, not a failure.
  const unknown =
    reviews.error instanceof ApiClientError && (reviews.error.status === 404 || reviews.error.status === 400);

  useEffect(() => {
    if (!page || !view.item) return;
    announce(
      page.paging.total === 0
        ? translate('reviews.reviewsWorkspace.hasNoReviewsYet', { item: view.item })
        : translate('reviews.reviewsWorkspace.reviewsOutOf5', {
            total: page.paging.total,
            value: page.rating_average.toFixed(1),
          }),
    );
  }, [page, view.item, announce]);

  return (
    <>
      <PageHeader
        title={t('reviews.reviewsWorkspace.reviews')}
        description={t('reviews.reviewsWorkspace.whatBuyersSayAbout')}
      />
      <div className="grid items-start gap-6 px-6 py-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-5">
          <ItemLookup seller={seller} view={view} onViewChange={onViewChange} />
          {page && subject ? (
            <RatingSummary
              subject={subject}
              average={page.rating_average}
              total={page.paging.total}
              levels={page.rating_levels}
            />
          ) : reviews.isPending && view.item ? (
            <Skeleton className="h-56 w-full" />
          ) : null}
        </div>

        <section aria-labelledby="reviews-heading" className="min-w-0">
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <h2 id="reviews-heading" className="text-sm font-semibold text-ink">
              {subject
                ? translate('reviews.reviewsWorkspace.reviewsOf', { subject })
                : t('reviews.reviewsWorkspace.reviews')}
            </h2>
            {view.catalog ? (
              <Badge tone="accent">{t('reviews.reviewsWorkspace.catalogProduct')}</Badge>
            ) : null}
          </div>
          {!view.item ? (
            <EmptyState
              icon={<StarIcon />}
              title={t('reviews.reviewsWorkspace.chooseAnItem')}
              description={t('reviews.reviewsWorkspace.typeAnItemId')}
              className={DASHED}
            />
          ) : unknown && !reviews.data ? (
            <EmptyState
              icon={<StarIcon />}
              title={
                view.catalog
                  ? t('reviews.reviewsWorkspace.notPartOfThat')
                  : t('reviews.reviewsWorkspace.noSuchItem')
              }
              description={
                view.catalog
                  ? translate('reviews.reviewsWorkspace.isNotOptedInto', {
                      item: view.item,
                      catalog: view.catalog,
                    })
                  : translate('reviews.reviewsWorkspace.theMarketplaceHasNo', { item: view.item })
              }
              className={DASHED}
            />
          ) : (
            <QueryState
              query={reviews}
              loading={
                <div className="flex flex-col gap-3">
                  <Skeleton className="h-24 w-full" />
                  <Skeleton className="h-24 w-full" />
                  <Skeleton className="h-24 w-full" />
                </div>
              }
              error={{
                title: translate('reviews.reviewsWorkspace.theReviewsCouldNot'),
                description: translate('reviews.reviewsWorkspace.checkYourConnectionAnd'),
              }}
              isEmpty={(data) => data.reviews.length === 0}
              empty={{
                icon: <StarIcon />,
                title: translate('reviews.reviewsWorkspace.noReviewsYet'),
                description: translate('reviews.reviewsWorkspace.buyersReviewAnItem'),
                className: DASHED,
              }}
            >
              {(data) => (
                <>
                  <ReviewList reviews={data.reviews} locale={locale} stale={reviews.isPlaceholderData} />
                  <Pagination
                    offset={data.paging.offset}
                    limit={REVIEWS_PAGE_SIZE}
                    total={data.paging.total}
                    noun="reviews"
                    onChange={(offset) => onViewChange({ offset })}
                  />
                </>
              )}
            </QueryState>
          )}
        </section>
      </div>
    </>
  );
}
