import { createFileRoute } from '@tanstack/react-router';
import { OrdersIcon } from '../ui/icons.tsx';
import { WorkspacePlaceholder } from './-shell/workspace-placeholder.tsx';

export const Route = createFileRoute('/orders')({
  staticData: { title: 'Orders' },
  component: OrdersPage,
});

function OrdersPage() {
  return (
    <WorkspacePlaceholder
      title="Orders"
      icon={OrdersIcon}
      description="Every order buyers placed with you, newest first."
      planned={[
        'Search your orders by order number, buyer nickname or item title.',
        'Filter by status, date range and tags; the filters live in the address bar, so a view can be bookmarked or shared.',
        'See each order’s items, total and payment status at a glance, with amounts in the order’s own currency.',
        'Open an order to read its items, payments, discounts and buyer, and follow it as it changes.',
      ]}
    />
  );
}
