import type { Session } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { sessionQueryOptions } from '../../features/account/api/get-session.ts';
import { AccountAvatar, accountTriggerClasses } from '../../features/account/components/account-avatar.tsx';
import { AccountMenu } from '../../features/account/components/account-menu.tsx';
import { useT } from '../../lib/i18n/use-t.tsx';

/** Who is signed in (from `GET /bff/session`), with the account switcher and sign-out; or a way to sign in. */
export function AccountArea() {
  const t = useT();
  const session = useQuery(sessionQueryOptions());
  const user = session.data?.user ?? null;

  if (!user) {
    return (
      <Link to="/sign-in" className={accountTriggerClasses}>
        <AccountAvatar />
        <span className="hidden sm:inline">
          {session.isPending ? t('shell.accountArea.account') : t('shell.accountArea.signIn')}
        </span>
        <span className="sr-only sm:hidden">
          {session.isPending ? t('shell.accountArea.account') : t('shell.accountArea.signIn')}
        </span>
      </Link>
    );
  }
  return <AccountMenu session={session.data as Session} nickname={user.nickname} />;
}
