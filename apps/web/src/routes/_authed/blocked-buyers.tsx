import { blockedBuyersViewSchema } from '@mostrador/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../features/account/model/working-account.ts';
import { blockedBuyersQueryOptions } from '../../features/blocklists/api/search-blocked-buyers.ts';
import { BlockedBuyersWorkspace } from '../../features/blocklists/components/blocked-buyers/blocked-buyers-workspace.tsx';
import { messagesByKey, translate } from '../../lib/i18n/i18n.ts';
import { useT } from '../../lib/i18n/use-t.tsx';
import { PermissionRequired } from '../-shell/permission-required.tsx';

export const Route = createFileRoute('/_authed/blocked-buyers')({
  staticData: {
    get title() {
      return translate('shell.blockedBuyers.blockedBuyers');
    },
    signIn: messagesByKey({
      what: 'shell.blockedBuyers.theBuyersYouBlocked',
      description: 'shell.blockedBuyers.buyersYouHaveStopped',
    }),
  },
  validateSearch: blockedBuyersViewSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, account }, deps }) => {
    if (!account || !can(account, 'blocklists.manage')) return;
    await queryClient.ensureQueryData(
      blockedBuyersQueryOptions({
        sellerId: account.user_id,
        callerId: account.callerId,
        list: deps.list,
        offset: deps.offset,
        ...(deps.buyer ? { buyerId: deps.buyer } : {}),
      }),
    );
  },
  component: BlockedBuyersPage,
});

function BlockedBuyersPage() {
  const t = useT();
  const account = Route.useRouteContext({ select: (context) => context.account });
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  // Signed out, the layout shows the sign-in gate instead of this page.
  if (!account) return null;
  if (!can(account, 'blocklists.manage')) {
    return (
      <PermissionRequired
        title={t('shell.blockedBuyers.blockedBuyers')}
        account={account.nickname}
        permission="blocklists.manage"
      />
    );
  }
  return (
    <BlockedBuyersWorkspace
      key={account.user_id}
      seller={{
        id: account.user_id,
        nickname: account.nickname,
        siteId: account.site_id,
        callerId: account.callerId,
      }}
      view={view}
      onViewChange={(next) => navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
