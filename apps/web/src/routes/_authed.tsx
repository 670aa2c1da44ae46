import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { loadWorkingAccount, sessionQueryOptions } from '../features/account/api/get-session.ts';
import { useT } from '../lib/i18n/use-t.tsx';
import { SignInGate } from './-shell/sign-in-gate.tsx';
import { usePageTitle } from './-shell/use-page-title.ts';

/**
 * Every workspace that needs an account, under one pathless layout: the session is read once here (then answered
 * from the cache), and the pages below get the account they work on from the route context. Signed out, the page
 * keeps its address and shows the one sign-in gate, named by the page's `staticData`.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context: { queryClient } }) => loadWorkingAccount(queryClient),
  component: SignedInLayout,
});

function SignedInLayout() {
  const t = useT();
  const routeSignedIn = Route.useRouteContext({ select: (context) => context.account !== null });
  // The session as cached now: a sign-out (here or in another tab) shows the gate in the same render that drops the
  // page, before the routes load again, so no page asks for data, or shows it, after its session ended.
  const sessionSignedIn = useQuery({ ...sessionQueryOptions(), select: (session) => session.user !== null });
  const signedIn = routeSignedIn && sessionSignedIn.data !== false;
  const matches = useMatches();
  const title = usePageTitle();
  if (signedIn) return <Outlet />;
  const signIn = matches.findLast((match) => match.staticData.signIn)?.staticData.signIn;
  return (
    <SignInGate
      title={title ?? 'Mostrador'}
      description={signIn?.description}
      what={signIn?.what ?? t('shell.authed.thisPage')}
    />
  );
}
