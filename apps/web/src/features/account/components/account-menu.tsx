import type { Session } from '@mostrador/contracts';
import { useLocation } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Button } from '../../../ui/button.tsx';
import { cardClasses } from '../../../ui/card.tsx';
import { CheckIcon, ChevronDownIcon } from '../../../ui/icons.tsx';
import { useDismiss } from '../../../ui/use-dismiss.ts';
import { useActivateAccount } from '../api/activate-account.ts';
import { useSignOut } from '../api/sign-out.ts';
import { AccountAvatar, accountTriggerClasses } from './account-avatar.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { WorkOnList } from './work-on-list.tsx';

/** The account menu: whom the dashboard works on, the signed-in accounts, adding one and signing out. */
export function AccountMenu({ session, nickname }: { session: Session; nickname: string }) {
  const t = useT();
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
        className={accountTriggerClasses}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <AccountAvatar />
        <span className="hidden font-medium text-ink sm:inline" data-testid="signed-in-user">
          {nickname}
        </span>
        {session.acting_for ? (
          <span className="hidden text-muted sm:inline" data-testid="acting-for">
            {t('account.accountMenu.for', { nickname: session.acting_for.nickname })}
          </span>
        ) : null}
        <span className="sr-only sm:hidden">{t('account.accountMenu.account', { nickname })}</span>
        <ChevronDownIcon className="size-3.5" />
      </button>
      {open ? (
        <div
          id={panelId}
          className={cardClasses('raised', 'absolute top-9 right-0 z-40 w-64 p-2 text-sm shadow-lg')}
        >
          <WorkOnList session={session} onDone={() => setOpen(false)} />
          <p className="px-2 pt-1 pb-2 text-xs text-muted">{t('account.accountMenu.signedInAccounts')}</p>
          <ul aria-label={t('account.accountMenu.signedInAccounts')} className="flex flex-col gap-0.5">
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
                  {account.active ? (
                    <CheckIcon className="size-4 text-accent" aria-label={t('account.accountMenu.active')} />
                  ) : null}
                  {account.active ? null : (
                    <span className="sr-only">{t('account.accountMenu.switchToThisAccount')}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-2 border-t border-line pt-2">
            <LanguageSwitcher onDone={() => setOpen(false)} />
          </div>
          <div className="mt-2 flex flex-col gap-1 border-t border-line pt-2">
            <a href={`/bff/login?return_to=${returnTo}`} className="rounded-md px-2 py-1.5 hover:bg-subtle">
              {t('account.accountMenu.addAnotherAccount')}
            </a>
            <Button
              variant="ghost"
              className="justify-start"
              pending={signOut.isPending}
              onClick={() => signOut.mutate(undefined, { onSuccess: () => setOpen(false) })}
            >
              {t('account.accountMenu.signOut')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
