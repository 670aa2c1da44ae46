import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router';
import type { RouterContext } from '../router-context.ts';
import { AppShell } from './-shell/app-shell.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: lazyRouteComponent(() => import('./-shell/not-found.tsx'), 'NotFound'),
});
