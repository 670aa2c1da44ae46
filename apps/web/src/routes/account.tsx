import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../features/account/api/get-me.ts';
import { sessionKey, sessionQueryOptions } from '../features/account/api/get-session.ts';
import { AccountWorkspace } from '../features/account/components/account-workspace.tsx';
import { SignInGate } from './-shell/sign-in-gate.tsx';

export const Route = createFileRoute('/account')({
  staticData: { title: 'Account' },
  loader: async ({ context: { queryClient } }) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session.user) return;
    // A refused read is shown by the page (and a 401 sends the user to sign in); it is not a failed route.
    await queryClient.ensureQueryData(meQueryOptions(session.user.user_id)).catch(() => undefined);
  },
  component: AccountPage,
});

function AccountPage() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions());
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  if (!session.user) {
    return (
      <SignInGate
        title="Account"
        description="Your marketplace account, as Mostrador sees it."
        what="your account"
      />
    );
  }
  return (
    <AccountWorkspace
      key={session.user.user_id}
      userId={session.user.user_id}
      onSessionRevoked={async () => {
        // Leave first: a query still on screen would ask again with the revoked access.
        await navigate({ to: '/sign-in', search: { ended: 'revoked' } });
        // Everything cached was read with that access; the session view stays so the header is steady.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      }}
    />
  );
}
