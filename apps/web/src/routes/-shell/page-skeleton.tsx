import { useT } from '../../lib/i18n/use-t.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';

/** Shown when a page's code or data takes longer than a moment; the layout matches a real page to avoid jumps. */
export function PageSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t('shell.pageSkeleton.loadingPage')}>
      <div className="border-b border-line px-6 py-5">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="mt-2.5 h-3.5 w-80 max-w-full" />
      </div>
      <div className="flex flex-col gap-3 px-6 py-6">
        {['w-2/3', 'w-1/2', 'w-3/5', 'w-2/5'].map((width) => (
          <Skeleton key={width} className={`h-3.5 ${width}`} />
        ))}
      </div>
    </div>
  );
}
