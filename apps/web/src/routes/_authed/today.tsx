import { createFileRoute } from '@tanstack/react-router';
import { todayQueryOptions } from '../../features/seller-day/api/get-today.ts';
import { TodayWorkspace } from '../../features/seller-day/components/today/today-workspace.tsx';
import { localeForSite } from '../../lib/format.ts';
import { messagesByKey, translate } from '../../lib/i18n/i18n.ts';

export const Route = createFileRoute('/_authed/today')({
  staticData: {
    get title() {
      return translate('sellerDay.today.today');
    },
    signIn: messagesByKey({ what: 'sellerDay.today.whatToDo', description: 'sellerDay.today.description' }),
  },
  loader: ({ context: { queryClient, account } }) => {
    // Started, not awaited: the page's skeleton shows at once, and a failure is the page's to explain.
    if (account) void queryClient.prefetchQuery(todayQueryOptions(account.user_id));
  },
  component: TodayPage,
});

function TodayPage() {
  const account = Route.useRouteContext({ select: (context) => context.account });
  // Signed out, the layout shows the sign-in gate instead of this page.
  if (!account) return null;
  return (
    <TodayWorkspace
      key={account.user_id}
      sellerId={account.user_id}
      locale={localeForSite(account.site_id ?? '')}
    />
  );
}
