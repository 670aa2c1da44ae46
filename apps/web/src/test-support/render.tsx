import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { LiveRegionProvider } from '../ui/live-region.tsx';

/** A query client as the app's, without retries: a refused read shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders a part of a page with what the app gives every page: a query client, the live region and a router (so
 * links work), at `/`.
 */
export async function renderWithApp(ui: ReactNode, queryClient = testQueryClient()) {
  const rootRoute = createRootRoute();
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui });
  // jsdom cannot scroll; the router resets the scroll on every navigation.
  window.scrollTo = () => {};
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <LiveRegionProvider>
        <RouterProvider router={router} />
      </LiveRegionProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** jsdom has no modal dialogs: open and close are enough for a form inside one. */
export function installDialogs() {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}
