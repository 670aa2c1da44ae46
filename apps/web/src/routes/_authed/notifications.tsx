import { notificationsViewSchema } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { applicationQueryOptions } from '../../features/account/api/get-application.ts';
import { notificationFeedQueryOptions } from '../../features/live-updates/api/get-notification-feed.ts';
import { NotificationsWorkspace } from '../../features/live-updates/components/notifications/notifications-workspace.tsx';
import { env } from '../../lib/env.ts';
import { messagesByKey, translate } from '../../lib/i18n/i18n.ts';

export const Route = createFileRoute('/_authed/notifications')({
  staticData: {
    get title() {
      return translate('shell.notifications.notifications');
    },
    signIn: messagesByKey({
      what: 'shell.notifications.yourNotifications',
      description: 'shell.notifications.changesToYourOrders',
    }),
  },
  validateSearch: notificationsViewSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, account }, deps }) => {
    if (!account) return;
    // A failed page is the workspace's to explain (with a retry), not a failed route.
    await Promise.all([
      queryClient
        .ensureInfiniteQueryData(notificationFeedQueryOptions(account.callerId, deps.topic))
        .catch(() => undefined),
      // Whose application the dashboard is: its owner alone reads the feed's status and delivery history.
      queryClient
        .ensureQueryData(applicationQueryOptions(account.callerId, env.VITE_MARKETPLACE_APPLICATION_ID))
        .catch(() => undefined),
    ]);
  },
  component: NotificationsPage,
});

function NotificationsPage() {
  const account = Route.useRouteContext({ select: (context) => context.account });
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  const applicationId = env.VITE_MARKETPLACE_APPLICATION_ID;
  const application = useQuery({
    ...applicationQueryOptions(account?.callerId ?? 0, applicationId),
    enabled: account !== undefined,
  });
  // Signed out, the layout shows the sign-in gate instead of this page.
  if (!account) return null;
  // The notifications that reached the signed-in user's own session.
  const userId = account.callerId;
  return (
    // Another topic is another feed: what the stream added to this one does not carry over.
    <NotificationsWorkspace
      key={`${userId}|${view.topic ?? ''}`}
      userId={userId}
      applicationId={applicationId}
      ownsApplication={application.data ? application.data.owner_id === userId : undefined}
      view={view}
      onViewChange={(next) => navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
