import { notificationsViewSchema } from '@mostrador/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/account/api/get-session.ts';
import { notificationFeedQueryOptions } from '../features/live-updates/api/get-notification-feed.ts';
import { NotificationsWorkspace } from '../features/live-updates/components/notifications-workspace.tsx';
import { env } from '../lib/env.ts';
import { SignInGate } from './-shell/sign-in-gate.tsx';

export const Route = createFileRoute('/notifications')({
  staticData: { title: 'Notifications' },
  validateSearch: notificationsViewSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session.user) return;
    // A failed page is the workspace's to explain (with a retry), not a failed route.
    await queryClient
      .ensureInfiniteQueryData(notificationFeedQueryOptions(session.user.user_id, deps.topic))
      .catch(() => undefined);
  },
  component: NotificationsPage,
});

function NotificationsPage() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions());
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!session.user) {
    return (
      <SignInGate
        title="Notifications"
        description="Changes to your orders as the marketplace reports them."
        what="your notifications"
      />
    );
  }
  return (
    // Another topic is another feed: what the stream added to this one does not carry over.
    <NotificationsWorkspace
      key={`${session.user.user_id}|${view.topic ?? ''}`}
      userId={session.user.user_id}
      applicationId={env.VITE_MARKETPLACE_APPLICATION_ID}
      view={view}
      onViewChange={(next) => navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
