import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { sessionQueryOptions } from '../../features/account/api/get-session.ts';

// The live connection starts once the page is up: its code (the indicator, its event stream, the simulator's
// controls) loads after the first screen instead of with it.
const LiveIndicator = lazy(() =>
  import('../../features/live-updates/components/live-indicator/live-indicator.tsx').then((module) => ({
    default: module.LiveIndicator,
  })),
);

/** Live updates of the signed-in account; nothing while nobody is signed in. */
export function LiveArea() {
  const session = useQuery(sessionQueryOptions());
  const userId = session.data?.user?.user_id;
  if (userId === undefined) return null;
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block h-8 w-20" />}>
      <LiveIndicator key={userId} userId={userId} />
    </Suspense>
  );
}
