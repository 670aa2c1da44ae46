import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';

/** The order page while it loads: its own module, so the router's eager code stays small. */
export function OrderDetailSkeleton() {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t('orders.orderDetailSkeleton.loadingOrder')}
      className="flex flex-col gap-4 px-6 py-5"
    >
      <Skeleton className="h-6 w-64" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}
