import { notificationsViewSchema } from '@mostrador/contracts';
import { createFileRoute } from '@tanstack/react-router';
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
    await queryClient
      .ensureInfiniteQueryData(notificationFeedQueryOptions(account.callerId, deps.topic))
      .catch(() => undefined);
  },
  component: NotificationsPage,
});

function NotificationsPage() {
  const account = Route.useRouteContext({ select: (context) => context.account });
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  // Signed out, the layout shows the sign-in gate instead of this page.
  if (!account) return null;
  // The notifications that reached the signed-in user's own session.
  const userId = account.callerId;
  return (
    // Another topic is another feed: what the stream added to this one does not carry over.
    <NotificationsWorkspace
      key={`${userId}|${view.topic ?? ''}`}
      userId={userId}
      applicationId={env.VITE_MARKETPLACE_APPLICATION_ID}
      view={view}
      onViewChange={(next) => navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
