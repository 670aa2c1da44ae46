// @vitest-environment jsdom
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInEnglish } from '../../test-support/render.tsx';
import { LiveRegionProvider } from '../../ui/live-region.tsx';
import { Route as OrderRoute } from '../_authed/orders.$orderId.tsx';
import { usePageAnnouncement, usePageTitle } from './use-page-title.ts';

afterEach(cleanup);

function Shell() {
  usePageAnnouncement(usePageTitle());
  return <Outlet />;
}

describe('the tab’s title', () => {
  it('names the order an order page shows, so tabs of several orders can be told apart', async () => {
    const root = createRootRoute({ component: Shell });
    const order = createRoute({
      getParentRoute: () => root,
      path: '/orders/$orderId',
      staticData: OrderRoute.options.staticData,
      component: () => null,
    });
    window.scrollTo = () => {};
    const router = createRouter({
      routeTree: root.addChildren([order]),
      history: createMemoryHistory({ initialEntries: ['/orders/2000008000006387'] }),
    });
    await router.load();
    renderInEnglish(
      <LiveRegionProvider>
        <RouterProvider router={router} />
      </LiveRegionProvider>,
    );
    await waitFor(() => expect(document.title).toBe('Order #2000008000006387 · Mostrador'));
  });
});
