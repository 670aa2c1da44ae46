import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../../features/account/api/get-me.ts';
import { dropAccountData } from '../../features/account/api/get-session.ts';
import { AccountWorkspace } from '../../features/account/components/account-workspace.tsx';
import { messagesByKey, translate } from '../../lib/i18n/i18n.ts';
import { announceSessionChange } from '../../lib/session-broadcast.ts';

export const Route = createFileRoute('/_authed/account')({
  staticData: {
    get title() {
      return translate('shell.account.account');
    },
    signIn: messagesByKey({
      what: 'shell.account.yourAccount',
      description: 'shell.account.yourMarketplaceAccountAs',
    }),
  },
  loader: async ({ context: { queryClient, account } }) => {
    if (!account) return;
    // A refused read is shown by the page (and a 401 sends the user to sign in); it is not a failed route.
    await queryClient.ensureQueryData(meQueryOptions(account.callerId)).catch(() => undefined);
  },
  component: AccountPage,
});

function AccountPage() {
  const account = Route.useRouteContext({ select: (context) => context.account });
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  // Signed out, the layout shows the sign-in gate instead of this page.
  if (!account) return null;
  // The signed-in user's own account, also while it works on a seller's as a team member.
  const userId = account.callerId;
  return (
    <AccountWorkspace
      key={userId}
      userId={userId}
      onSessionRevoked={async () => {
        // Leave first: a query still on screen would ask again with the revoked access.
        await navigate({ to: '/sign-in', search: { ended: 'revoked' } });
        // Everything cached was read with that access; the session view stays so the header is steady. The other
        // tabs used the same access: they end too.
        dropAccountData(queryClient);
        announceSessionChange('ended');
      }}
    />
  );
}
