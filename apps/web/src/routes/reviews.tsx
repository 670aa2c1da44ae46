import { reviewsViewSchema } from '@mostrador/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/account/api/get-session.ts';
import { workingAccount } from '../features/account/model/working-account.ts';
import { itemReviewsQueryOptions } from '../features/reviews/api/get-item-reviews.ts';
import { ReviewsWorkspace } from '../features/reviews/components/reviews-workspace.tsx';

export const Route = createFileRoute('/reviews')({
  staticData: { title: 'Reviews' },
  validateSearch: reviewsViewSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    await queryClient.ensureQueryData(sessionQueryOptions());
    if (!deps.item) return;
    const reviews = itemReviewsQueryOptions({
      itemId: deps.item,
      offset: deps.offset,
      ...(deps.catalog ? { catalogProductId: deps.catalog } : {}),
    });
    // An unknown item is the page's to explain, not a failed route: the error stays in the query.
    await queryClient.ensureQueryData(reviews).catch(() => undefined);
  },
  component: ReviewsPage,
});

function ReviewsPage() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions());
  const account = workingAccount(session);
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    // A new item is a new workspace: its reviews query mounts fresh, so an answered 404 is not asked again.
    <ReviewsWorkspace
      key={`${view.item ?? ''}|${view.catalog ?? ''}`}
      seller={account ? { id: account.user_id, siteId: account.site_id } : null}
      view={view}
      onViewChange={(next) => navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
