import type { Session } from '@mostrador/contracts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { cardClasses } from '../../../ui/card.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { useActivateAccount } from '../api/activate-account.ts';
import { useSignOut } from '../api/sign-out.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { WorkOnList } from './work-on-list.tsx';

/** The menu's last items, a link and a button, with one left edge: their text starts where the accounts' does. */
const MENU_ITEM =
  'rounded-md px-2 py-1.5 text-left hover:bg-subtle disabled:cursor-progress disabled:opacity-60';

/** The open account menu: whom to work on, the signed-in accounts, the language, adding an account, signing out. */
export function AccountMenuPanel({
  id,
  session,
  returnTo,
  onDone,
}: {
  id: string;
  session: Session;
  returnTo: string;
  onDone: () => void;
}) {
  const t = useT();
  const signOut = useSignOut();
  const activate = useActivateAccount();
  return (
    <div id={id} className={cardClasses('raised', 'absolute top-9 right-0 z-40 w-64 p-2 text-sm shadow-lg')}>
      <WorkOnList session={session} onDone={() => onDone()} />
      <p className="px-2 pt-1 pb-2 text-xs text-muted">{t('account.accountMenu.signedInAccounts')}</p>
      <ul aria-label={t('account.accountMenu.signedInAccounts')} className="flex flex-col gap-0.5">
        {session.accounts.map((account) => (
          <li key={account.user_id}>
            <button
              type="button"
              className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-subtle disabled:cursor-default"
              aria-current={account.active ? 'true' : undefined}
              disabled={account.active || activate.isPending}
              onClick={() => activate.mutate(account.user_id, { onSuccess: () => onDone() })}
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
        <LanguageSwitcher onDone={() => onDone()} />
      </div>
      <div className="mt-2 flex flex-col gap-1 border-t border-line pt-2">
        <a href={`/bff/login?return_to=${returnTo}`} className={MENU_ITEM}>
          {t('account.accountMenu.addAnotherAccount')}
        </a>
        <button
          type="button"
          className={MENU_ITEM}
          disabled={signOut.isPending}
          aria-busy={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSuccess: () => onDone() })}
        >
          {t('account.accountMenu.signOut')}
        </button>
      </div>
    </div>
  );
}
