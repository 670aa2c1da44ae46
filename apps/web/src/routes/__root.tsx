import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router-context.ts';
import { AppShell } from './-shell/app-shell.tsx';
import { NotFound } from './-shell/not-found.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: NotFound,
});
