import type { Session } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { useActivateAccount } from '../../features/account/api/activate-account.ts';
import { sessionQueryOptions } from '../../features/account/api/get-session.ts';
import { useSetActingAccount } from '../../features/account/api/set-acting-account.ts';
import { useSignOut } from '../../features/account/api/sign-out.ts';
import { Button } from '../../ui/button.tsx';
import { AccountIcon, CheckIcon, ChevronDownIcon } from '../../ui/icons.tsx';
import { useDismiss } from '../../ui/use-dismiss.ts';

const trigger =
  'flex h-8 items-center gap-2 rounded-md pr-2.5 pl-1 text-body text-muted transition-colors hover:bg-subtle hover:text-ink';

function Avatar() {
  return (
    <span className="grid size-6 place-items-center rounded-full bg-subtle text-muted ring-1 ring-line">
      <AccountIcon className="size-4" />
    </span>
  );
}

/** Who is signed in (from `GET /bff/session`), with the account switcher and sign-out; or a way to sign in. */
export function AccountArea() {
  const session = useQuery(sessionQueryOptions());
  const user = session.data?.user ?? null;

  if (!user) {
    return (
      <Link to="/sign-in" className={trigger}>
        <Avatar />
        <span className="hidden sm:inline">{session.isPending ? 'Account' : 'Sign in'}</span>
        <span className="sr-only sm:hidden">{session.isPending ? 'Account' : 'Sign in'}</span>
      </Link>
    );
  }
  return <AccountMenu session={session.data as Session} nickname={user.nickname} />;
}

/**
 * For a user on sellers' teams: which account the dashboard works on, its own or one it operates (decision 0103).
 * Pages then show that seller's orders and blocks, and offer only what the seller allowed.
 */
function WorkOn({ session, onDone }: { session: Session; onDone: () => void }) {
  const setActing = useSetActingAccount();
  const operated = session.operated_accounts ?? [];
  if (operated.length === 0 || !session.user) return null;
  const actingId = session.acting_for?.user_id ?? null;
  const choices = [
    { user_id: null, nickname: session.user.nickname, note: 'Your own account' },
    ...operated.map((a) => ({
      user_id: a.user_id,
      nickname: a.nickname,
      note: `Team member · ${a.site_id}`,
    })),
  ];
  return (
    <div className="mb-2 border-b border-line pb-2">
      <p className="px-2 pt-1 pb-2 text-xs text-muted" id="work-on-label">
        Work on
      </p>
      <ul aria-labelledby="work-on-label" className="flex flex-col gap-0.5">
        {choices.map((choice) => {
          const current = choice.user_id === actingId;
          return (
            <li key={choice.user_id ?? 'own'}>
              <button
                type="button"
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-subtle disabled:cursor-default"
                aria-current={current ? 'true' : undefined}
                disabled={current || setActing.isPending}
                onClick={() => setActing.mutate(choice.user_id, { onSuccess: onDone })}
              >
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate">{choice.nickname}</span>
                  <span className="text-xs text-faint">{choice.note}</span>
                </span>
                {current ? <CheckIcon className="size-4 text-accent" aria-label="Current" /> : null}
                {current ? null : <span className="sr-only">Work on this account</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {setActing.isError ? (
        <p role="alert" className="px-2 pt-1 text-xs text-danger">
          {setActing.error.message}
        </p>
      ) : null}
    </div>
  );
}

function AccountMenu({ session, nickname }: { session: Session; nickname: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const signOut = useSignOut();
  const activate = useActivateAccount();

  // Escape and a click elsewhere close the menu, as any disclosure would.
  useDismiss(open, root, () => setOpen(false));

  const returnTo = encodeURIComponent(location.href);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className={trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar />
        <span className="hidden font-medium text-ink sm:inline" data-testid="signed-in-user">
          {nickname}
        </span>
        {session.acting_for ? (
          <span className="hidden text-muted sm:inline" data-testid="acting-for">
            for {session.acting_for.nickname}
          </span>
        ) : null}
        <span className="sr-only sm:hidden">Account: {nickname}</span>
        <ChevronDownIcon className="size-3.5" />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute top-9 right-0 z-40 w-64 rounded-lg border border-line bg-surface p-2 text-sm shadow-lg"
        >
          <WorkOn session={session} onDone={() => setOpen(false)} />
          <p className="px-2 pt-1 pb-2 text-xs text-muted">Signed in accounts</p>
          <ul aria-label="Signed in accounts" className="flex flex-col gap-0.5">
            {session.accounts.map((account) => (
              <li key={account.user_id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-subtle disabled:cursor-default"
                  aria-current={account.active ? 'true' : undefined}
                  disabled={account.active || activate.isPending}
                  onClick={() => activate.mutate(account.user_id, { onSuccess: () => setOpen(false) })}
                >
                  <span className="min-w-0 flex-1 truncate">
                    {account.nickname}
                    {account.site_id ? (
                      <span className="ml-1.5 text-xs text-faint">{account.site_id}</span>
                    ) : null}
                  </span>
                  {account.active ? <CheckIcon className="size-4 text-accent" aria-label="Active" /> : null}
                  {account.active ? null : <span className="sr-only">Switch to this account</span>}
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex flex-col gap-1 border-t border-line pt-2">
            <a href={`/bff/login?return_to=${returnTo}`} className="rounded-md px-2 py-1.5 hover:bg-subtle">
              Add another account
            </a>
            <Button
              variant="ghost"
              className="justify-start"
              pending={signOut.isPending}
              onClick={() => signOut.mutate(undefined, { onSuccess: () => setOpen(false) })}
            >
              Sign out
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
