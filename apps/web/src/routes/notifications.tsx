import { createFileRoute } from '@tanstack/react-router';
import { BellIcon } from '../ui/icons.tsx';
import { WorkspacePlaceholder } from './-shell/workspace-placeholder.tsx';

export const Route = createFileRoute('/notifications')({
  staticData: { title: 'Notifications' },
  component: NotificationsPage,
});

function NotificationsPage() {
  return (
    <WorkspacePlaceholder
      title="Notifications"
      icon={BellIcon}
      description="Changes to your orders as the marketplace reports them."
      planned={[
        'A live feed of order changes, as they happen, without reloading the page.',
        'The history of notifications the marketplace sent to this dashboard.',
        'A link from each notification to the order it is about.',
      ]}
    />
  );
}
