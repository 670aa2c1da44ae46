import '@fontsource-variable/inter/wght.css';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';
import { LiveRegionProvider } from './ui/live-region.tsx';

const queryClient = createQueryClient({
  // The marketplace stopped honouring the session's access (revoked, or expired): sign in again, with the reason.
  onSessionEnded: () => {
    if (router.state.location.pathname === '/sign-in') return;
    void router.navigate({ to: '/sign-in', search: { ended: 'expired' } });
  },
});
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LiveRegionProvider>
        <RouterProvider router={router} />
      </LiveRegionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
