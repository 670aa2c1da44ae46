import { blockedBuyersViewSchema } from '@mostrador/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/account/api/get-session.ts';
import { blockedBuyersQueryOptions } from '../features/blocklists/api/search-blocked-buyers.ts';
import { BlockedBuyersWorkspace } from '../features/blocklists/components/blocked-buyers-workspace.tsx';
import { SignInRequired } from './-shell/sign-in-required.tsx';

const DESCRIPTION = 'Buyers you have stopped from buying your items or asking you questions.';

export const Route = createFileRoute('/blocked-buyers')({
  staticData: { title: 'Blocked buyers' },
  validateSearch: blockedBuyersViewSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session.user) return;
    await queryClient.ensureQueryData(
      blockedBuyersQueryOptions({
        sellerId: session.user.user_id,
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
  if (!session.user) return <SignInRequired title="Blocked buyers" description={DESCRIPTION} />;
  return (
    <BlockedBuyersWorkspace
      key={session.user.user_id}
      seller={{ id: session.user.user_id, nickname: session.user.nickname, siteId: session.user.site_id }}
      view={view}
      onViewChange={(next) => navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })}
    />
  );
}
