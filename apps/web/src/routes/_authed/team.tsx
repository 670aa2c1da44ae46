import { teamViewSchema } from '@mostrador/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { accessLogQueryOptions } from '../../features/team/api/get-access-log.ts';
import { operatorsQueryOptions } from '../../features/team/api/get-operators.ts';
import { TeamWorkspace } from '../../features/team/components/team-workspace.tsx';
import { localeForSite } from '../../lib/format.ts';
import { messagesByKey, translate } from '../../lib/i18n/i18n.ts';
import { useT } from '../../lib/i18n/use-t.tsx';
import { PermissionRequired } from '../-shell/permission-required.tsx';

export const Route = createFileRoute('/_authed/team')({
  staticData: {
    get title() {
      return translate('shell.team.team');
    },
    signIn: messagesByKey({ what: 'shell.team.yourTeam', description: 'shell.team.whoWorksOnYour' }),
  },
  validateSearch: teamViewSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, account }, deps }) => {
    // The team and its log are the owner's alone: a team member is not asked for them.
    if (!account || account.permissions) return;
    await Promise.all([
      queryClient.ensureQueryData(operatorsQueryOptions(account.user_id)).catch(() => undefined),
      queryClient.ensureQueryData(accessLogQueryOptions(account.user_id, deps.log)).catch(() => undefined),
    ]);
  },
  component: TeamPage,
});

function TeamPage() {
  const t = useT();
  const account = Route.useRouteContext({ select: (context) => context.account });
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  // Signed out, the layout shows the sign-in gate instead of this page.
  if (!account) return null;
  if (account.permissions)
    return <PermissionRequired title={t('shell.team.team')} account={account.nickname} permission="owner" />;
  return (
    <TeamWorkspace
      key={account.user_id}
      seller={{ id: account.user_id, nickname: account.nickname }}
      locale={localeForSite(account.site_id ?? '')}
      logOffset={view.log}
      onLogOffsetChange={(log) => navigate({ search: { log }, replace: true })}
    />
  );
}
