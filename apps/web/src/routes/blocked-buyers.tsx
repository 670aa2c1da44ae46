import { blockedBuyersViewSchema } from '@mostrador/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/account/api/get-session.ts';
import { can, workingAccount } from '../features/account/model/working-account.ts';
import { blockedBuyersQueryOptions } from '../features/blocklists/api/search-blocked-buyers.ts';
import { BlockedBuyersWorkspace } from '../features/blocklists/components/blocked-buyers-workspace.tsx';
import { PermissionRequired } from './-shell/permission-required.tsx';
import { SignInGate } from './-shell/sign-in-gate.tsx';

const DESCRIPTION = 'Buyers you have stopped from buying your items or asking you questions.';

export const Route = createFileRoute('/blocked-buyers')({
  staticData: { title: 'Blocked buyers' },
  validateSearch: blockedBuyersViewSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    const account = workingAccount(session);
    if (!account || !can(account, 'blocklists.manage')) return;
    await queryClient.ensureQueryData(
      blockedBuyersQueryOptions({
        sellerId: account.user_id,
        ...(account.permissions && session.user ? { callerId: session.user.user_id } : {}),
        list: deps.list,
        offset: deps.offset,
        ...(deps.buyer ? { buyerId: deps.buyer } : {}),
      }),
    );
  },
  component: BlockedBuyersPage,
});

function BlockedBuyersPage() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions());
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  const account = workingAccount(session);
  if (!account)
    return <SignInGate title="Blocked buyers" description={DESCRIPTION} what="the buyers you blocked" />;
  if (!can(account, 'blocklists.manage')) {
    return (
      <PermissionRequired title="Blocked buyers" account={account.nickname} permission="blocklists.manage" />
    );
  }
  return (
    <BlockedBuyersWorkspace
      key={account.user_id}
      seller={{
        id: account.user_id,
        nickname: account.nickname,
        siteId: account.site_id,
        ...(account.permissions && session.user ? { callerId: session.user.user_id } : {}),
      }}
      view={view}
      onViewChange={(next) => navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
