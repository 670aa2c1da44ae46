import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../features/account/api/get-session.ts';
import { LiveIndicator } from '../../features/live-updates/components/live-indicator/live-indicator.tsx';

/** Live updates of the signed-in account; nothing while nobody is signed in. */
export function LiveArea() {
  const session = useQuery(sessionQueryOptions());
  const userId = session.data?.user?.user_id;
  return userId === undefined ? null : <LiveIndicator key={userId} userId={userId} />;
}
