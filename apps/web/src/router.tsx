import type { QueryClient } from '@tanstack/react-query';
import { createRouter, stringifySearchWith } from '@tanstack/react-router';
import { PageSkeleton } from './routes/-shell/page-skeleton.tsx';
import { RouteError } from './routes/-shell/route-error.tsx';
import { routeTree } from './routeTree.gen.ts';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Hovering or focusing a link starts loading the route's code and data; React Query owns data freshness.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PageSkeleton,
    scrollRestoration: true,
    // Strings go into the URL as they are (`?limit=50`, not `?limit=%2250%22`); objects stay JSON. Parsing is the
    // default (numbers and booleans come back typed), so the orders route re-stringifies before its contract check.
    stringifySearch: stringifySearchWith(JSON.stringify),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page's name: document title, breadcrumb and the live-region announcement on navigation. */
    title?: string;
  }
}
