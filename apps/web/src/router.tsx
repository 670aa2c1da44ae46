import type { QueryClient } from '@tanstack/react-query';
import {
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
  stringifySearchWith,
} from '@tanstack/react-router';
import { watchSession } from './features/account/api/get-session.ts';
import { PageSkeleton } from './routes/-shell/page-skeleton.tsx';
import { routeTree } from './routeTree.gen.ts';

/** The app's router; `history` is the browser's unless another is given (a memory history in tests). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    // Hovering or focusing a link starts loading the route's code and data; React Query owns data freshness.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Needed only when a page fails: loaded then, not with the first screen.
    defaultErrorComponent: lazyRouteComponent(() => import('./routes/-shell/route-error.tsx'), 'RouteError'),
    defaultPendingComponent: PageSkeleton,
    scrollRestoration: true,
    // Strings go into the URL as they are (`?limit=50`, not `?limit=%2250%22`); objects stay JSON. Parsing is the
    // default (numbers and booleans come back typed), so the orders route re-stringifies before its contract check.
    stringifySearch: stringifySearchWith(JSON.stringify),
  });
  // The session decides the account every signed-in route works on (`routes/_authed.tsx`): when it changes (sign-out,
  // another account, a team member choosing whom to work on) the routes load again for the account it names now.
  watchSession(queryClient, () => void router.invalidate());
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page's name: document title, breadcrumb and the live-region announcement on navigation. */
    title?: string;
    /** The page's name from its address, where the address names what it shows (an order's number). */
    titleFor?: (params: Record<string, string>) => string;
    /** What a signed-in page shows, for its sign-in gate: "Sign in to see {what}", under its title and description. */
    signIn?: { what: string; description?: string };
  }
}
