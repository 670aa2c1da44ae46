// First: how zod parses, settled before any schema is built (see the module for the build's side).
import './lib/zod-config.ts';
import '@fontsource-variable/inter/wght.css';
import './styles.css';
import { useLingui } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Fragment, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  dropAccountData,
  followSessionLanguage,
  forgetSession,
  sessionQueryOptions,
  switchAccountData,
} from './features/account/api/get-session.ts';
import { workingAccount } from './features/account/model/working-account.ts';
import { FALLBACK_LOCALE, localeForSite, setAccountLocale } from './lib/format.ts';
import {
  activateLanguage,
  documentLanguage,
  numbersLocaleFor,
  setNumbersLocale,
  setOperatedAccount,
} from './lib/i18n/i18n.ts';
import { LanguageProvider } from './lib/i18n/use-t.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { announceSessionChange, onSessionChangeElsewhere } from './lib/session-broadcast.ts';
import { createAppRouter } from './router.tsx';
import { LiveRegionProvider } from './ui/live-region.tsx';

/** The session's access ended: nothing read with it stays, and the way to sign in again says why. */
/** The session changed on the server (another tab, a team the user left): the pages follow the account it works on. */
function followSession() {
  void queryClient
    .fetchQuery({ ...sessionQueryOptions(), staleTime: 0 })
    .then((session) => switchAccountData(queryClient, session, () => router.invalidate()));
}

function sessionEnded() {
  if (router.state.location.pathname !== '/sign-in')
    void router
      .navigate({ to: '/sign-in', search: { ended: 'expired', return_to: router.state.location.href } })
      .then(() => dropAccountData(queryClient));
  else dropAccountData(queryClient);
}

const queryClient = createQueryClient({
  // The marketplace stopped honouring the session's access (revoked, or expired): sign in again, with the reason,
  // in every tab of the browser (they share the session).
  onSessionEnded: () => {
    announceSessionChange('ended');
    sessionEnded();
  },
  // The seller's team no longer includes the user: the session, read again, works on the user's own account.
  onMembershipEnded: () => {
    announceSessionChange('account-changed');
    followSession();
  },
});
const router = createAppRouter(queryClient);
// Another tab signed out, saw the session end, or switched the account the session works on: this one follows at
// once, so no page shows what the session read before.
onSessionChangeElsewhere((change) => {
  if (change === 'signed-out') void forgetSession(queryClient);
  else if (change === 'ended') sessionEnded();
  else followSession();
});
// The session names the language (the choice, else the account's site, else the browser's): a switch in the account
// menu or a sign-in as an account of another site changes it everywhere at once.
// Counts, rates and times follow the account the session works on, like its money and dates.
followSessionLanguage(queryClient, (language, session) => {
  const site = workingAccount(session)?.site_id;
  const locale = site ? localeForSite(site) : undefined;
  setAccountLocale(locale ?? FALLBACK_LOCALE);
  setNumbersLocale(locale ? numbersLocaleFor(language, locale) : undefined);
  setOperatedAccount(session.acting_for?.nickname ?? null);
  void activateLanguage(language);
});

/**
 * Everything below is drawn again from the new catalog when the language changes, labels kept outside components
 * (column names, status names) included; the URL and the cached data stay.
 */
function OneLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  // Keyed by the language alone: the account's number locale (decision 0189) re-renders what reads messages, without
  // remounting the app (an open popover or a half-typed field stays).
  return <Fragment key={i18n.locale}>{children}</Fragment>;
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The server put the language in <html lang>, so its messages load while the page starts; the page's code, the
// session and the page's first query load at the same time, not after the messages. The router's first load needs no
// message (nothing is translated before it is shown), and the routes' data stays in the query cache for the render.
const firstLoad = router.load().catch(() => undefined);
// The pages' code does not wait for the session the signed-in layout checks first: it loads beside it.
for (const match of router.matchRoutes(router.state.location))
  void router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById]);
void Promise.all([activateLanguage(documentLanguage()), firstLoad]).then(() => {
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
