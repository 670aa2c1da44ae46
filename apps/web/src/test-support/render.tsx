import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactNode } from 'react';
// jsdom has no CSS.escape, which React Aria's lists use to find their options.
import 'css.escape';
import { LanguageProvider } from '../lib/i18n/use-t.tsx';
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
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <LiveRegionProvider>
          <RouterProvider router={router} />
        </LiveRegionProvider>
      </QueryClientProvider>
    </LanguageProvider>,
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

/** Testing Library's `render`, inside the language provider every page has (English). */
export function renderInEnglish(ui: ReactNode, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, {
    ...options,
    wrapper: ({ children }) => <LanguageProvider>{children}</LanguageProvider>,
  });
}
