import { createFileRoute } from '@tanstack/react-router';
import { insightsQueryOptions } from '../../features/seller-day/api/get-insights.ts';
import { InsightsWorkspace } from '../../features/seller-day/components/insights/insights-workspace.tsx';
import { validateInsightsSearch } from '../../features/seller-day/model/insights-search.ts';
import { localeForSite } from '../../lib/format.ts';
import { messagesByKey, translate } from '../../lib/i18n/i18n.ts';

/** Its charts' code loads with this page alone (the route's component is split out of the first scripts). */
export const Route = createFileRoute('/_authed/insights')({
  staticData: {
    get title() {
      return translate('sellerDay.insights.insights');
    },
    signIn: messagesByKey({
      what: 'sellerDay.insights.howItGoes',
      description: 'sellerDay.insights.description',
    }),
  },
  validateSearch: validateInsightsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, account }, deps }) => {
    // Started, not awaited: the page's skeleton shows at once, and a failure is the page's to explain.
    if (account) void queryClient.prefetchQuery(insightsQueryOptions(account.user_id, deps));
  },
  component: InsightsPage,
});

function InsightsPage() {
  const account = Route.useRouteContext({ select: (context) => context.account });
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  // Signed out, the layout shows the sign-in gate instead of this page.
  if (!account) return null;
  return (
    <InsightsWorkspace
      key={account.user_id}
      sellerId={account.user_id}
      locale={localeForSite(account.site_id ?? '')}
      query={query}
      onQueryChange={(next) => void navigate({ search: next })}
    />
  );
}
