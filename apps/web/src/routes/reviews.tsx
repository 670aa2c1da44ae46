import { reviewsViewSchema } from '@mostrador/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { loadWorkingAccount } from '../features/account/api/get-session.ts';
import { itemReviewsQueryOptions } from '../features/reviews/api/get-item-reviews.ts';
import { ReviewsWorkspace } from '../features/reviews/components/reviews-workspace.tsx';
import { translate } from '../lib/i18n/i18n.ts';

/** Reviews are public: signed out, the page works without the picker of the account's sold items. */
export const Route = createFileRoute('/reviews')({
  staticData: {
    get title() {
      return translate('shell.reviews.reviews');
    },
  },
  validateSearch: reviewsViewSchema,
  beforeLoad: ({ context: { queryClient } }) => loadWorkingAccount(queryClient),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
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
  const account = Route.useRouteContext({ select: (context) => context.account });
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
