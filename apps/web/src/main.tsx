import '@fontsource-variable/inter/wght.css';
import './styles.css';
import { useLingui } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Fragment, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { followSessionLanguage } from './features/account/api/get-session.ts';
import { activateLanguage, documentLanguage } from './lib/i18n/i18n.ts';
import { LanguageProvider } from './lib/i18n/use-t.tsx';
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
// The session names the language (the choice, else the account's site, else the browser's): a switch in the account
// menu or a sign-in as an account of another site changes it everywhere at once.
followSessionLanguage(queryClient, (language) => void activateLanguage(language));

/**
 * Everything below is drawn again from the new catalog when the language changes, labels kept outside components
 * (column names, status names) included; the URL and the cached data stay.
 */
function OneLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return <Fragment key={i18n.locale}>{children}</Fragment>;
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The server put the language in <html lang>, so its messages load while the page starts.
void activateLanguage(documentLanguage()).then(() => {
  createRoot(container).render(
    <StrictMode>
      <LanguageProvider>
        <QueryClientProvider client={queryClient}>
          <LiveRegionProvider>
            <OneLanguage>
              <RouterProvider router={router} />
            </OneLanguage>
          </LiveRegionProvider>
        </QueryClientProvider>
      </LanguageProvider>
    </StrictMode>,
  );
});
