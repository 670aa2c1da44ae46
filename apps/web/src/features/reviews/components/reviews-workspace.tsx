import { itemIdTextSchema, type Review, type ReviewsView } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiClientError } from '../../../lib/api-client.ts';
import { formatDate, localeForSite } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { StarIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/input.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { itemReviewsQueryOptions, REVIEWS_PAGE_SIZE } from '../api/get-item-reviews.ts';
import { soldItemsQueryOptions } from '../api/get-sold-items.ts';
import { RatingChart } from './rating-chart.tsx';
import { StarRating } from './star-rating.tsx';

export interface ReviewsWorkspaceProps {
  /** The signed-in seller, whose sold items the picker offers; reviews themselves are public. */
  seller: { id: number; siteId: string | null } | null;
  view: ReviewsView;
  /** Changes the URL: the item, the catalog option and the page live there. */
  onViewChange: (next: Partial<ReviewsView>) => void;
}

/** An item's rating summary, its five rating levels as a chart, and its reviews page by page. */
export function ReviewsWorkspace({ seller, view, onViewChange }: ReviewsWorkspaceProps) {
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

  useEffect(() => {
    if (!page || !view.item) return;
    announce(
      page.paging.total === 0
        ? `${view.item} has no reviews yet.`
        : `${page.paging.total} reviews, ${page.rating_average.toFixed(1)} out of 5 on average.`,
    );
  }, [page, view.item, announce]);

  return (
    <>
      <PageHeader
        title="Reviews"
        description="What buyers say about an item: its average rating, how the ratings spread, and every review, most relevant first."
      />
      <div className="grid items-start gap-6 px-6 py-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-5">
          <ItemLookup seller={seller} view={view} onViewChange={onViewChange} />
          {page && view.item ? (
            <RatingSummary
              subject={view.catalog ? `catalog product ${view.catalog}` : view.item}
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
              {view.item
                ? `Reviews of ${view.catalog ? `catalog product ${view.catalog}` : view.item}`
                : 'Reviews'}
            </h2>
            {view.catalog ? <Badge tone="accent">Catalog product</Badge> : null}
          </div>
          {!view.item ? (
            <EmptyState
              icon={<StarIcon />}
              title="Choose an item"
              description="Type an item id, or pick one of the items you sold, to read its reviews."
              className="rounded-lg border border-dashed border-line-strong"
            />
          ) : reviews.isError ? (
            <ReviewsError
              error={reviews.error}
              view={view}
              onRetry={() => reviews.refetch()}
              retrying={reviews.isFetching}
            />
          ) : !reviews.data ? (
            <div className="flex flex-col gap-3">
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : (
            <>
              <ReviewList reviews={reviews.data.reviews} locale={locale} stale={reviews.isPlaceholderData} />
              <Pagination
                offset={reviews.data.paging.offset}
                limit={REVIEWS_PAGE_SIZE}
                total={reviews.data.paging.total}
                noun="reviews"
                onChange={(offset) => onViewChange({ offset })}
              />
            </>
          )}
        </section>
      </div>
    </>
  );
}

function ItemLookup({ seller, view, onViewChange }: ReviewsWorkspaceProps) {
  const [item, setItem] = useState(view.item ?? '');
  const [catalog, setCatalog] = useState(view.catalog ?? '');
  const [errors, setErrors] = useState<{ item?: string; catalog?: string }>({});
  const sold = useQuery({ ...soldItemsQueryOptions(seller?.id ?? 0), enabled: seller !== null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const itemId = itemIdTextSchema.safeParse(item);
    const catalogId = catalog.trim() ? itemIdTextSchema.safeParse(catalog) : null;
    const next = {
      ...(itemId.success ? {} : { item: 'Type an item id: a site code and digits, e.g. MLA800031687.' }),
      ...(catalogId && !catalogId.success ? { catalog: 'A catalog product id looks like MLA46792131.' } : {}),
    };
    setErrors(next);
    if (!itemId.success || (catalogId && !catalogId.success)) return;
    onViewChange({ item: itemId.data, catalog: catalogId?.data, offset: 0 });
  };

  return (
    <section
      aria-labelledby="lookup-heading"
      className="rounded-lg border border-line bg-surface p-4 shadow-xs"
    >
      <h2 id="lookup-heading" className="mb-3 text-sm font-semibold text-ink">
        Item
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {seller ? (
          <SelectField
            label="From your orders"
            value={sold.data?.some((entry) => entry.id === view.item) ? view.item : ''}
            disabled={!sold.data || sold.data.length === 0}
            hint={sold.isError ? 'Your sold items could not be loaded; type an id instead.' : undefined}
            onChange={(event) => {
              if (!event.target.value) return;
              setItem(event.target.value);
              setCatalog('');
              setErrors({});
              onViewChange({ item: event.target.value, catalog: undefined, offset: 0 });
            }}
            options={[
              {
                value: '',
                label: sold.isPending
                  ? 'Loading your items…'
                  : sold.data?.length
                    ? 'Choose an item you sold'
                    : 'No sold items yet',
              },
              ...(sold.data ?? []).map((entry) => ({
                value: entry.id,
                label: `${entry.title} · ${entry.id}`,
              })),
            ]}
          />
        ) : null}
        <TextField
          label="Item id"
          value={item}
          onChange={(event) => setItem(event.target.value)}
          placeholder="MLA800031687"
          autoComplete="off"
          spellCheck={false}
          error={errors.item}
        />
        <TextField
          label="Catalog product (optional)"
          value={catalog}
          onChange={(event) => setCatalog(event.target.value)}
          placeholder="MLA46792131"
          autoComplete="off"
          spellCheck={false}
          error={errors.catalog}
          hint={
            errors.catalog
              ? undefined
              : 'Reads the reviews of every item of the catalog product the item is opted into.'
          }
        />
        <div className="flex gap-2">
          <Button type="submit" variant="primary">
            Show reviews
          </Button>
          {view.catalog ? (
            <Button variant="ghost" onClick={() => onViewChange({ catalog: undefined, offset: 0 })}>
              Item’s own reviews
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

function RatingSummary({
  subject,
  average,
  total,
  levels,
}: {
  subject: string;
  average: number;
  total: number;
  levels: Parameters<typeof RatingChart>[0]['levels'];
}) {
  return (
    <section
      aria-labelledby="rating-heading"
      className="rounded-lg border border-line bg-surface p-4 shadow-xs"
      data-testid="rating-summary"
    >
      <h2 id="rating-heading" className="text-sm font-semibold text-ink">
        Rating
      </h2>
      <div className="mt-2 mb-4 flex items-end gap-3">
        <p
          className="text-3xl leading-none font-semibold tracking-tight text-ink tabular"
          data-testid="rating-average"
        >
          {average.toFixed(1)}
        </p>
        <div className="flex flex-col gap-1 pb-0.5">
          <StarRating value={average} className="text-base" />
          <p className="text-xs text-muted tabular">
            {total === 0 ? 'No reviews yet' : `${total} ${total === 1 ? 'review' : 'reviews'}`}
          </p>
        </div>
      </div>
      <RatingChart levels={levels} subject={subject} />
    </section>
  );
}

function ReviewList({
  reviews,
  locale,
  stale,
}: {
  reviews: readonly (Review | object)[];
  locale: string;
  stale: boolean;
}) {
  const shown = reviews.filter((review): review is Review => 'id' in review);
  if (reviews.length === 0) {
    return (
      <EmptyState
        icon={<StarIcon />}
        title="No reviews yet"
        description="Buyers review an item some days after it arrives."
        className="rounded-lg border border-dashed border-line-strong"
      />
    );
  }
  return (
    <>
      <ol
        aria-label="Reviews, most relevant first"
        aria-busy={stale || undefined}
        className={`flex flex-col divide-y divide-line rounded-lg border border-line bg-surface shadow-xs ${stale ? 'opacity-60' : ''}`}
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
              Bought {formatDate(review.buying_date, locale, { style: 'date' })}
              {review.likes + review.dislikes > 0
                ? ` · ${review.likes} found it useful, ${review.dislikes} did not`
                : ''}
            </p>
          </li>
        ))}
      </ol>
      {shown.length < reviews.length ? (
        <p className="mt-2 text-xs text-faint">
          {reviews.length - shown.length} of these reviews are withheld by the marketplace.
        </p>
      ) : null}
    </>
  );
}

function ReviewsError({
  error,
  view,
  onRetry,
  retrying,
}: {
  error: Error;
  view: ReviewsView;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (error instanceof ApiClientError && (error.status === 404 || error.status === 400)) {
    return (
      <EmptyState
        icon={<StarIcon />}
        title={view.catalog ? 'Not part of that catalog product' : 'No such item'}
        description={
          view.catalog
            ? `${view.item} is not opted into catalog product ${view.catalog}. Check the id, or read the item’s own reviews.`
            : `The marketplace has no item ${view.item}. Check the id, or pick one of your sold items.`
        }
        className="rounded-lg border border-dashed border-line-strong"
      />
    );
  }
  return <ErrorState title="The reviews could not be loaded" onRetry={onRetry} retrying={retrying} />;
}
