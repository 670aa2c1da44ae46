import { teamViewSchema } from '@mostrador/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/account/api/get-session.ts';
import { workingAccount } from '../features/account/model/working-account.ts';
import { accessLogQueryOptions } from '../features/team/api/get-access-log.ts';
import { operatorsQueryOptions } from '../features/team/api/get-operators.ts';
import { TeamWorkspace } from '../features/team/components/team-workspace.tsx';
import { localeForSite } from '../lib/format.ts';
import { PermissionRequired } from './-shell/permission-required.tsx';
import { SignInGate } from './-shell/sign-in-gate.tsx';

export const Route = createFileRoute('/team')({
  staticData: { title: 'Team' },
  validateSearch: teamViewSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    const account = workingAccount(session);
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
  const { data: session } = useSuspenseQuery(sessionQueryOptions());
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  const account = workingAccount(session);
  if (!account) {
    return (
      <SignInGate
        title="Team"
        description="Who works on your account, and who read whose personal data."
        what="your team"
      />
    );
  }
  if (account.permissions)
    return <PermissionRequired title="Team" account={account.nickname} permission="owner" />;
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
